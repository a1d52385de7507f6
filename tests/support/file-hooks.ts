import { afterAll, beforeAll } from 'vitest';

/**
 * Something a test file starts before its tests and stops after them. The function returned answers
 * it, and throws when called before the hooks ran (at the top of the file, say); `what` ends the
 * sentence "… in beforeAll", e.g. "the app starts".
 */
export function startedForFile<T>(start: () => Promise<T>, stop: (started: T) => Promise<void>, what: string): () => T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    if (started !== undefined) await stop(started);
  });
  return () => {
    if (started === undefined) throw new Error(`${what} in beforeAll: use it inside hooks and tests`);
    return started;
  };
}

/** The same for something stopped by its own close(), as the app and the stand-ins are. */
export function closedAfterFile<T extends { close(): Promise<void> }>(start: () => Promise<T>, what: string): () => T {
  return startedForFile(start, (started) => started.close(), what);
}
