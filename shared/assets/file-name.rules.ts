/** The longest stored file name, in characters (code points, so no character is cut in two). */
export const MAX_FILE_NAME_LENGTH = 200;

const ZWNJ = '\u200C';
const ZWJ = '\u200D';

/**
 * Letters after which ZWJ and ZWNJ are part of correct spelling: the Indic scripts (Malayalam writes
 * its older chillu letters as consonant + virama + ZWJ, and uses ZWNJ to keep a virama visible),
 * and Arabic-script languages (Persian and Urdu use ZWNJ inside words).
 */
const JOINING_SCRIPT =
  /[\p{Script=Malayalam}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Sinhala}\p{Script=Arabic}\p{Script=Syriac}]/u;
/** ZWJ also joins emoji into one picture (👩‍💻): after an emoji, its skin-tone modifier or VS16, before another emoji. */
const EMOJI_BEFORE_ZWJ = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const EMOJI_AFTER_ZWJ = /\p{Extended_Pictographic}/u;

/**
 * Whether a ZWJ or ZWNJ between `previous` and `next` does what a script needs. Anywhere else it
 * is invisible and only makes one name look like another, so it goes.
 */
function joinerIsSpelling(joiner: string, previous: string | undefined, next: string | undefined): boolean {
  if (previous === undefined) return false;
  if (JOINING_SCRIPT.test(previous)) return true;
  return joiner === ZWJ && EMOJI_BEFORE_ZWJ.test(previous) && next !== undefined && EMOJI_AFTER_ZWJ.test(next);
}

/**
 * Removes the invisible format characters (Unicode category Cf): bidi embeddings, overrides,
 * isolates and marks (U+202A–202E, U+2066–2069, U+200E/F, U+061C), which can make
 * "bad‮gnp.exe" display as "badexe.png"; zero-width spaces, word joiners, soft hyphens and the
 * byte-order mark (U+200B, U+2060, U+00AD, U+FEFF). ZWJ and ZWNJ stay where a script spells
 * with them (see joinerIsSpelling).
 */
function withoutFormatCharacters(text: string): string {
  const characters = [...text];
  let kept = '';
  let previous: string | undefined;
  characters.forEach((character, index) => {
    if (!/\p{Cf}/u.test(character)) {
      kept += character;
      previous = character;
      return;
    }
    if ((character === ZWJ || character === ZWNJ) && joinerIsSpelling(character, previous, characters[index + 1])) {
      kept += character;
      // A second joiner in a row joins nothing more.
      previous = undefined;
    }
  });
  return kept;
}

/**
 * A file name safe to store, to show and to send back in Content-Disposition: no folders, no
 * control, reserved or invisible format characters; letters of any script (Malayalam included,
 * with its joiners) are kept. The console shows names cleaned by the same rule.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = withoutFormatCharacters(base.normalize('NFC'))
    .replace(/[\p{Cc}\p{Zl}\p{Zp}<>:"|?*]/gu, '_')
    .replace(/^[.\s]+|[.\s]+$/gu, '');
  const short = [...cleaned].slice(0, MAX_FILE_NAME_LENGTH).join('');
  return short === '' ? 'file' : short;
}
