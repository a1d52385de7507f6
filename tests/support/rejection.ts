/** The error a promise is rejected with, or undefined when it resolves, for tests that read the error itself. */
export const refusal = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
