import { AUDIT_STRUCTURE_LIMIT, AUDIT_TEXT_LIMIT } from './audit.constants.ts';
import { canonicalJson } from './canonical-json.ts';

export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue };

/** A field's value before and after the change; a secret's values are never kept, only that it changed. */
export type FieldChange = { from: AuditValue; to: AuditValue } | { hidden: true };
export type AuditChanges = Record<string, FieldChange>;

/** Fields whose values are never written to the log (passwords, tokens, keys, their hashes). */
const SECRET_FIELD = /pass(word|code)|secret|token|otp|hash|api_?key|private_?key|credential/i;
/** Bookkeeping every save changes: not a change staff made. */
const BOOKKEEPING = new Set(['version', 'updatedAt', 'updated_at', 'createdAt', 'created_at', 'updatedBy', 'updated_by']);

export const isSecretField = (field: string) => SECRET_FIELD.test(field);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text PostgreSQL's jsonb stores as given: no NUL, no lone surrogate. */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

function cutText(text: string): string {
  const clean = storableText(text);
  if (clean.length <= AUDIT_TEXT_LIMIT) return clean;
  return `${clean.slice(0, AUDIT_TEXT_LIMIT)}… (${clean.length} characters)`;
}

function plain(value: unknown, depth: number): AuditValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return cutText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return `(${value.length} bytes)`;
  if (depth > 6) return '(nested)';
  if (Array.isArray(value)) return value.map((item) => plain(item, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, AuditValue> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function') continue;
      out[storableText(key)] = isSecretField(key) ? '(hidden)' : plain(item, depth + 1);
    }
    return out;
  }
  return String(value);
}

/** A value as the log keeps it: plain JSON, long texts cut, large lists and objects summarised. */
export function auditValue(value: unknown): AuditValue {
  const kept = plain(value, 0);
  if (kept === null || typeof kept !== 'object') return kept;
  if (canonicalJson(kept).length <= AUDIT_STRUCTURE_LIMIT) return kept;
  return Array.isArray(kept) ? `(${kept.length} items)` : `(${Object.keys(kept).length} fields)`;
}

type Fields = Record<string, unknown>;

/**
 * The fields that differ between a record before and after a change (null before: created; null
 * after: deleted), each with its old and new value. Bookkeeping fields (version, timestamps) and
 * `ignore` are left out; secrets are named with `hidden` instead of their values.
 */
export function changedFields(before: Fields | null, after: Fields | null, ignore: readonly string[] = []): AuditChanges {
  const changes: AuditChanges = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of [...names].sort()) {
    if (BOOKKEEPING.has(name) || ignore.includes(name)) continue;
    const from = plain(before?.[name], 0);
    const to = plain(after?.[name], 0);
    if (canonicalJson(from) === canonicalJson(to)) continue;
    changes[storableText(name)] = isSecretField(name) ? { hidden: true } : { from: auditValue(before?.[name]), to: auditValue(after?.[name]) };
  }
  return changes;
}
