/** A write refused by a foreign key: restrict (23001) or no action (23503): something still refers to the row. */
export function isStillReferenced(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === '23001' || code === '23503';
}
