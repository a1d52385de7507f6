/** PostgreSQL's "try again" answers: a serialization failure and a deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);

export function isRetryable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && RETRYABLE.has((error as { code?: string }).code ?? '');
}

/**
 * Runs a statement or transaction again when PostgreSQL aborted it to break a deadlock or a
 * serialization conflict: the other party has gone through by then, so a retry succeeds.
 * A short random pause (unless told otherwise) keeps two retries from colliding again.
 */
export async function retryOnConflict<T>(run: () => Promise<T>, { attempts = 5, pause = true }: { attempts?: number; pause?: boolean } = {}): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      if (pause) await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
