import { describe, expect, it } from 'vitest';
import { fitPushText, PUSH_ELLIPSIS } from '../../../../shared/push/push-text.rules.ts';

const hasLoneSurrogate = (text: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
const roundTrip = (text: string) => new TextDecoder().decode(new TextEncoder().encode(text));

describe('fitPushText', () => {
  it('leaves a text that fits as it is', () => {
    expect(fitPushText('Mock 12 opens at 7 pm', 255)).toBe('Mock 12 opens at 7 pm');
    expect(fitPushText('x'.repeat(255), 255)).toBe('x'.repeat(255));
    expect(fitPushText('', 100)).toBe('');
  });

  it('cuts a long text to the limit, ending with an ellipsis', () => {
    const cut = fitPushText('x'.repeat(300), 255);
    expect(cut).toHaveLength(255);
    expect(cut).toBe(`${'x'.repeat(254)}${PUSH_ELLIPSIS}`);
  });

  it('never splits an emoji: the cut falls before it, not in the middle of its surrogate pair', () => {
    // 253 letters then emoji: a cut at 254 code units would keep half of the first emoji.
    const text = `${'a'.repeat(253)}😀😀😀`;
    const cut = fitPushText(text, 255);
    expect(hasLoneSurrogate(cut)).toBe(false);
    expect(roundTrip(cut)).not.toContain('\uFFFD');
    expect(cut).toBe(`${'a'.repeat(253)}${PUSH_ELLIPSIS}`);
    expect(cut.length).toBeLessThanOrEqual(255);
  });

  it('keeps a ZWJ sequence and a skin-tone emoji whole, or leaves them out whole', () => {
    const family = '👨‍👩‍👧‍👦';
    const thumbs = '👍🏽';
    const cut = fitPushText(`${'b'.repeat(90)}${family}${thumbs}${'c'.repeat(20)}`, 100);
    expect(cut).toBe(`${'b'.repeat(90)}${PUSH_ELLIPSIS}`);
    const roomy = fitPushText(`${'b'.repeat(80)}${family}${thumbs}${'c'.repeat(20)}`, 100);
    expect(roomy.startsWith(`${'b'.repeat(80)}${family}${thumbs}`)).toBe(true);
    expect(roomy.endsWith(PUSH_ELLIPSIS)).toBe(true);
    expect(roomy.length).toBeLessThanOrEqual(100);
  });

  it('keeps a Malayalam conjunct whole (consonant, virama, consonant, vowel sign)', () => {
    // ക്ഷ + ാ: one character on screen, five code units.
    const word = 'ക്ഷാ';
    const text = `${'x'.repeat(97)}${word}മം`;
    const cut = fitPushText(text, 100);
    expect(cut).toBe(`${'x'.repeat(97)}${PUSH_ELLIPSIS}`);
    const chillu = 'അവന്‍'; // with the zero-width joiner the old chillu spelling needs
    const kept = fitPushText(`${chillu.repeat(30)}`, 100);
    expect(kept.endsWith(PUSH_ELLIPSIS)).toBe(true);
    expect(kept.length).toBeLessThanOrEqual(100);
    expect(kept.slice(0, -1).endsWith('\u200D')).toBe(false);
    expect([...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(kept.slice(0, -1))].every(({ segment }) => chillu.includes(segment))).toBe(
      true,
    );
  });

  it('drops the space before the ellipsis', () => {
    expect(fitPushText(`${'word '.repeat(30)}`, 11)).toBe('word word…');
  });
});
