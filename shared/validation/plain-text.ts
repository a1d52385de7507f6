/**
 * Characters a plain-text message may not carry: C0 controls other than tab, line feed and carriage
 * return, DEL, the C1 controls (U+0080–U+009F), and the bidirectional embedding, override and isolate
 * marks (U+202A–U+202E, U+2066–U+2069), which make text read in another order than it is stored (a
 * spoof). The zero-width joiner and non-joiner (U+200C, U+200D) stay: Malayalam needs them.
 */
export function isDroppedFromMessages(code: number): boolean {
  if (code === 9 || code === 10 || code === 13) return false;
  return code < 32 || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

/** Drops the characters {@link isDroppedFromMessages} names. */
export function withoutControlCharacters(text: string): string {
  return [...text].filter((character) => !isDroppedFromMessages(character.codePointAt(0)!)).join('');
}

/**
 * A name is one line: every C0 control goes (tab and line breaks too, since a name that wraps or
 * jumps a column misleads whoever reads a list of them), with the rest {@link isDroppedFromMessages} names.
 */
export function isDroppedFromNames(code: number): boolean {
  return code < 32 || isDroppedFromMessages(code);
}

/** A name as it is stored: without the characters {@link isDroppedFromNames} names, trimmed. */
export function plainName(text: string): string {
  return [...text]
    .filter((character) => !isDroppedFromNames(character.codePointAt(0)!))
    .join('')
    .trim();
}
