/**
 * JSON with every object's keys in code-point order: the same value gives the same text whichever
 * order its keys were built in (PostgreSQL's jsonb, for one, keeps its own order). Values must
 * already be plain JSON (see auditValue).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
}
