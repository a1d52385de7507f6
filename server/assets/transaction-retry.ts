/** PostgreSQL's serialization failure and deadlock: the transaction can simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** Runs a transaction, again (a few times) when PostgreSQL ends it for a conflict with another one. */
export async function retryOnConflict<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
    }
  }
}
