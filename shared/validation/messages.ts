import type { z } from 'zod';

/**
 * Validation messages in plain words.
 *
 * A schema's own message (a sentence that starts with a capital letter, e.g. "Please provide
 * a exam title") is shown as written. A rule without its own message gets a fragment here
 * that starts with a small letter ("must be at most 300 characters"); where the field is
 * known, `describeIssues` puts the field's path in front of it, so every message names the
 * field and the rule.
 */
type RawIssue = z.core.$ZodRawIssue;

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  bigint: 'a whole number',
  null: 'null',
};

function typeOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'number' && Number.isNaN(input)) return 'not a number';
  if (typeof input === 'string') return 'text';
  if (typeof input === 'object') return 'an object';
  return typeof input === 'number' ? 'a number' : typeof input === 'boolean' ? 'true or false' : typeof input;
}

const amount = (value: number | bigint) => (typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 6 }) : String(value));

function sizeRule(issue: { origin?: string; inclusive?: boolean }, limit: number | bigint, big: boolean): string {
  const bound = big ? (issue.inclusive === false ? 'below' : 'at most') : issue.inclusive === false ? 'above' : 'at least';
  switch (issue.origin) {
    case 'string':
      return `must be ${bound} ${amount(limit)} character${limit === 1 ? '' : 's'} long`;
    case 'array':
    case 'set':
      return `must hold ${bound} ${amount(limit)} item${limit === 1 ? '' : 's'}`;
    case 'file':
      return `must be ${bound} ${amount(limit)} bytes`;
    case 'date':
      return `must be ${big ? 'on or before' : 'on or after'} ${new Date(Number(limit)).toISOString()}`;
    default:
      return `must be ${bound} ${amount(limit)}`;
  }
}

/** The plain-words rule for an issue that has no message of its own (used as zod's global error map). */
export function plainRule(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      // A number that is not one (text read as a number) or not whole: "not a number" would say nothing.
      if (typeof issue.input === 'number' && (issue.expected === 'number' || issue.expected === 'int')) return `must be ${TYPE_WORDS[issue.expected]}`;
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}, not ${typeOf(issue.input)}`;
    case 'too_big':
      return sizeRule(issue, issue.maximum, true);
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return 'must not be empty';
      if ((issue.origin === 'array' || issue.origin === 'set') && issue.minimum === 1) return 'must hold at least one item';
      return sizeRule(issue, issue.minimum, false);
    case 'invalid_format':
      if (issue.format === 'uuid' || issue.format === 'guid') return 'must be an id (a UUID)';
      if (issue.format === 'email') return 'must be an e-mail address';
      if (issue.format === 'url') return 'must be a web address';
      if (issue.format === 'regex') return 'is not in the expected format';
      return `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return issue.divisor === 0.01 ? 'takes at most 2 decimals' : `must be a multiple of ${amount(issue.divisor)}`;
    case 'unrecognized_keys':
      return `has fields that are not known: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_union':
      return 'is not in any of the accepted forms';
    case 'invalid_key':
      return 'has a key that is not valid';
    case 'invalid_element':
      return 'has a value that is not valid';
    default:
      return 'is not valid';
  }
}

/** `value.questionGroups[0].questions[2].resId` */
export function fieldPath(path: ReadonlyArray<PropertyKey>, prefix?: string): string {
  let text = prefix ?? '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text === '' ? String(part) : `.${String(part)}`;
  }
  return text;
}

export interface FieldIssue {
  /** Where the value is, e.g. `value.title` (query and path parameters start with `query.` / `params.`). */
  field: string;
  message: string;
}

/** A message with its field named: the schema's own sentence, or `<field> <rule>`. */
export function issueMessage(field: string, message: string): string {
  // A sentence of the schema's own, or a message that already starts with the field's name.
  const name = field.split(/[.[]/).pop() ?? '';
  if (!/^[a-z]/.test(message) || (name !== '' && message.startsWith(`${name} `))) return message;
  return field === '' ? `The request ${message}` : `${field} ${message}`;
}

/** Every issue as `{ field, message }`, each message naming its field. */
export function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string; code?: string }>, prefix?: string): FieldIssue[] {
  // A value of the wrong type has that one problem: its size or format rules say nothing more.
  const wrongType = new Set(issues.filter((issue) => issue.code === 'invalid_type').map((issue) => fieldPath(issue.path, prefix)));
  const seen = new Set<string>();
  const described: FieldIssue[] = [];
  for (const issue of issues) {
    const field = fieldPath(issue.path, prefix);
    if (wrongType.has(field) && issue.code !== 'invalid_type') continue;
    const message = issueMessage(field, issue.message);
    const key = `${field}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    described.push({ field, message });
  }
  return described;
}

/** A field's own message for a form (the rule of a fragment, with a capital letter). */
export function formMessage(message: string): string {
  return /^[a-z]/.test(message) ? message.charAt(0).toUpperCase() + message.slice(1) : message;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL could not store this text (a NUL character, or a broken UTF-16 pair), or null. */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return 'cannot contain the character U+0000 (NUL)';
  if (LONE_SURROGATE.test(text)) return 'contains broken Unicode (an unpaired surrogate)';
  return null;
}

/**
 * The first string in a parsed request (keys included) that PostgreSQL cannot store, with its
 * path. Depth and size are bounded by the body limit; the walk is iterative so that a deeply
 * nested body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown, prefix = ''): FieldIssue | null {
  const stack: Array<{ value: unknown; path: PropertyKey[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const reason = unstorableText(current);
      if (reason) {
        const field = fieldPath(path, prefix);
        return { field, message: issueMessage(field, reason) };
      }
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) stack.push({ value: current[index], path: [...path, index] });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const reason = unstorableText(key);
        if (reason) {
          const field = fieldPath(path, prefix);
          return { field, message: issueMessage(field || 'body', `has a field name that ${reason}`) };
        }
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return null;
}
