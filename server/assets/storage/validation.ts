import { InvalidStorageKeyError, type ByteRange } from './storage.ts';

/** S3's limit on a key's length; local disk is held to the same so both drivers accept the same keys. */
const MAX_KEY_BYTES = 1024;

/**
 * The local driver keeps unfinished writes in this folder inside its root (so the final rename never
 * crosses filesystems); no key may start with it, in either driver.
 */
export const TEMPORARY_FOLDER = '.tmp';

function keyProblem(key: string): string | undefined {
  if (typeof key !== 'string' || key === '') return 'is empty';
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return `is longer than ${MAX_KEY_BYTES} bytes`;
  if (key.startsWith('/')) return 'is absolute';
  if (key.includes('\\')) return 'contains a backslash';
  for (const char of key) {
    const code = char.charCodeAt(0);
    // NUL ends a path for the operating system; other control characters cannot travel in S3's XML.
    if (code < 0x20 || code === 0x7f) return 'contains a control character';
  }
  const segments = key.split('/');
  if (segments.includes('')) return 'has an empty path segment';
  if (segments.includes('.') || segments.includes('..')) return "contains a '.' or '..' segment";
  if (segments[0] === TEMPORARY_FOLDER) return `starts with the reserved folder ${TEMPORARY_FOLDER}/`;
  return undefined;
}

/** Keys are relative '/'-separated paths with no empty, '.' or '..' segments. */
export function assertValidKey(key: string): void {
  const problem = keyProblem(key);
  if (problem) throw new InvalidStorageKeyError(key, problem);
}

/** A prefix for listing: empty (everything), a folder ending in '/', or the start of a key. */
export function assertValidListPrefix(prefix: string): void {
  if (prefix === '') return;
  const problem = keyProblem(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  if (problem) throw new InvalidStorageKeyError(prefix, problem);
}

/** A folder to delete: never empty (that would be everything) and always ending in '/'. */
export function assertValidFolder(prefix: string): void {
  if (typeof prefix !== 'string' || !prefix.endsWith('/')) {
    throw new InvalidStorageKeyError(prefix, "is not a folder ending in '/'");
  }
  const problem = keyProblem(prefix.slice(0, -1));
  if (problem) throw new InvalidStorageKeyError(prefix, problem);
}

export function assertValidRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid byte range ${start}-${end}: both ends must be whole numbers with 0 <= start <= end`);
  }
}

/** A range that starts at or past the end of the object (HTTP's 416); an end past it is shortened instead. */
export function unsatisfiableRange(key: string, range: ByteRange, size?: number): RangeError {
  const of = size === undefined ? '' : ` of ${size} bytes`;
  return new RangeError(`Byte range ${range.start}-${range.end} starts past the end of ${key}${of}`);
}
