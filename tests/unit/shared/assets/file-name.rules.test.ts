import { describe, expect, it } from 'vitest';
import { sanitizeFileName } from '../../../../shared/assets/file-name.rules.ts';

describe('sanitizeFileName', () => {
  it('removes a right-to-left override, so a hidden .exe shows as one', () => {
    // Displayed as "badexe.png" with the override in place.
    expect(sanitizeFileName('bad\u202Egnp.exe')).toBe('badgnp.exe');
  });

  it('removes the other bidi controls: embeddings, overrides, isolates and marks', () => {
    expect(sanitizeFileName('a\u2066b\u2067c\u2068d\u2069.pdf')).toBe('abcd.pdf');
    expect(sanitizeFileName('\u202Anotes\u202B\u202C\u202D.pdf')).toBe('notes.pdf');
    expect(sanitizeFileName('cv\u200E\u200F\u061C.pdf')).toBe('cv.pdf');
  });

  it('removes zero-width spaces, the byte-order mark and soft hyphens', () => {
    expect(sanitizeFileName('\u200Binvoice\u200B.pdf')).toBe('invoice.pdf');
    expect(sanitizeFileName('\uFEFFnotes.pdf')).toBe('notes.pdf');
    expect(sanitizeFileName('word\u2060joiner\u00AD.pdf')).toBe('wordjoiner.pdf');
  });

  it('removes zero-width joiners that join nothing a script needs (a look-alike of another name)', () => {
    expect(sanitizeFileName('pay\u200Dpal.pdf')).toBe('paypal.pdf');
    expect(sanitizeFileName('\u200Clecture.mp4')).toBe('lecture.mp4');
    expect(sanitizeFileName('notes \u200D.pdf')).toBe('notes .pdf');
  });

  it('keeps Malayalam names whole: atomic chillu letters, and the older ZWJ and ZWNJ spellings', () => {
    // അവൻ with the atomic chillu ൻ (U+0D7B).
    expect(sanitizeFileName('അവൻ പാഠം.pdf')).toBe('അവൻ പാഠം.pdf');
    // The same word in the older encoding: NA, virama, ZWJ, ending the word before the extension.
    expect(sanitizeFileName('അവന\u0D4D\u200D.pdf')).toBe('അവന\u0D4D\u200D.pdf');
    // ള് + ZWJ (chillu ll) inside a phrase, and ZWNJ keeping a virama visible instead of a conjunct.
    expect(sanitizeFileName('അവള\u0D4D\u200D പറഞ്ഞു.pdf')).toBe('അവള\u0D4D\u200D പറഞ്ഞു.pdf');
    expect(sanitizeFileName('സ\u0D4D\u200Cപോർട്സ്.pdf')).toBe('സ\u0D4D\u200Cപോർട്സ്.pdf');
    // Hindi and Persian use them the same way.
    expect(sanitizeFileName('क्\u200Dष.pdf')).toBe('क्\u200Dष.pdf');
    expect(sanitizeFileName('می\u200Cخواهم.pdf')).toBe('می\u200Cخواهم.pdf');
  });

  it('keeps emoji sequences joined by ZWJ', () => {
    expect(sanitizeFileName('👩\u200D💻 notes.pdf')).toBe('👩\u200D💻 notes.pdf');
  });

  it('drops a joiner that follows another joiner', () => {
    expect(sanitizeFileName('അവന\u0D4D\u200D\u200D\u200C.pdf')).toBe('അവന\u0D4D\u200D.pdf');
  });

  it('still strips folders, reserved and control characters, and leading dots', () => {
    expect(sanitizeFileName('../../etc/പാഠം 1:<ഭാഗം>.pdf')).toBe('പാഠം 1__ഭാഗം_.pdf');
    expect(sanitizeFileName('C:\\Users\\a\\tab\there.pdf')).toBe('tab_here.pdf');
    expect(sanitizeFileName('..\u202E.hidden')).toBe('hidden');
    expect(sanitizeFileName('\u200B\u202E')).toBe('file');
  });

  it('cuts a long name at 200 characters without splitting a character in two', () => {
    const name = sanitizeFileName(`${'😀'.repeat(250)}.pdf`);
    expect([...name]).toHaveLength(200);
    expect(/\p{Cs}/u.test(name)).toBe(false);
  });
});
