/** What ends a push title or body that had to be shortened. */
export const PUSH_ELLIPSIS = '…';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A push title or body of at most `max` UTF-16 code units (the measure the composer's limits use,
 * so a cut text always passes them): left as it is when it fits, otherwise cut between two
 * user-perceived characters (an emoji with its modifiers, a ZWJ sequence, a Malayalam conjunct)
 * and ended with "…". Cutting by code units could split a surrogate pair, which phones show as "�".
 */
export function fitPushText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < PUSH_ELLIPSIS.length) return '';
  const room = max - PUSH_ELLIPSIS.length;
  let kept = '';
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length + segment.length > room) break;
    kept += segment;
  }
  return `${kept.trimEnd()}${PUSH_ELLIPSIS}`;
}
