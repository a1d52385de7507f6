/** The tRPC answer of a server whose database is busy (503), for `route.fulfill` to stand in for a call. */
export const BUSY_ANSWER = {
  status: 503,
  contentType: 'application/json',
  body: JSON.stringify([
    { error: { message: 'The database is busy', code: -32603, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, type: 'unavailable' } } },
  ]),
};
