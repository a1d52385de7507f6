import { AppError } from '../errors.ts';

/** A save refused because someone saved the row after it was read. */
function isStale(error: unknown): boolean {
  return error instanceof AppError && error.stale !== undefined;
}

/**
 * Runs a read-then-save attempt, and once more when its save was refused as stale (another request
 * saved the row in between): the second attempt reads the row as that request left it.
 */
export async function retryOnceIfStale<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (isStale(error)) return attempt();
    throw error;
  }
}
