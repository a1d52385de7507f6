import { describe, expect, it } from 'vitest';
import { sanitizeFileName } from '../../../../shared/assets/file-name.rules.ts';
import { expectResults } from '../../../support/result-table.ts';

describe('sanitizeFileName', () => {
  it.each<[string, Array<[name: string, sanitized: string]>]>([
    [
      'removes a right-to-left override, so a hidden .exe shows as one',
      [
        // Displayed as "badexe.png" with the override in place.
        ['bad\u202Egnp.exe', 'badgnp.exe'],
      ],
    ],
    [
      'removes the other bidi controls: embeddings, overrides, isolates and marks',
      [
        ['a\u2066b\u2067c\u2068d\u2069.pdf', 'abcd.pdf'],
        ['\u202Anotes\u202B\u202C\u202D.pdf', 'notes.pdf'],
        ['cv\u200E\u200F\u061C.pdf', 'cv.pdf'],
      ],
    ],
    [
      'removes zero-width spaces, the byte-order mark and soft hyphens',
      [
        ['\u200Binvoice\u200B.pdf', 'invoice.pdf'],
        ['\uFEFFnotes.pdf', 'notes.pdf'],
        ['word\u2060joiner\u00AD.pdf', 'wordjoiner.pdf'],
      ],
    ],
    [
      'removes zero-width joiners that join nothing a script needs (a look-alike of another name)',
      [
        ['pay\u200Dpal.pdf', 'paypal.pdf'],
        ['\u200Clecture.mp4', 'lecture.mp4'],
        ['notes \u200D.pdf', 'notes .pdf'],
      ],
    ],
    [
      'keeps Malayalam names whole: atomic chillu letters, and the older ZWJ and ZWNJ spellings',
      [
        // അവൻ with the atomic chillu ൻ (U+0D7B).
        ['അവൻ പാഠം.pdf', 'അവൻ പാഠം.pdf'],
        // The same word in the older encoding: NA, virama, ZWJ, ending the word before the extension.
        ['അവന\u0D4D\u200D.pdf', 'അവന\u0D4D\u200D.pdf'],
        // ള് + ZWJ (chillu ll) inside a phrase, and ZWNJ keeping a virama visible instead of a conjunct.
        ['അവള\u0D4D\u200D പറഞ്ഞു.pdf', 'അവള\u0D4D\u200D പറഞ്ഞു.pdf'],
        ['സ\u0D4D\u200Cപോർട്സ്.pdf', 'സ\u0D4D\u200Cപോർട്സ്.pdf'],
        // Hindi and Persian use them the same way.
        ['क्\u200Dष.pdf', 'क्\u200Dष.pdf'],
        ['می\u200Cخواهم.pdf', 'می\u200Cخواهم.pdf'],
      ],
    ],
    ['keeps emoji sequences joined by ZWJ', [['👩\u200D💻 notes.pdf', '👩\u200D💻 notes.pdf']]],
    ['drops a joiner that follows another joiner', [['അവന\u0D4D\u200D\u200D\u200C.pdf', 'അവന\u0D4D\u200D.pdf']]],
    [
      'still strips folders, reserved and control characters, and leading dots',
      [
        ['../../etc/പാഠം 1:<ഭാഗം>.pdf', 'പാഠം 1__ഭാഗം_.pdf'],
        ['C:\\Users\\a\\tab\there.pdf', 'tab_here.pdf'],
        ['..\u202E.hidden', 'hidden'],
        ['\u200B\u202E', 'file'],
      ],
    ],
  ])('%s', (_, cases) => {
    expectResults(sanitizeFileName, cases);
  });

  it('cuts a long name at 200 characters without splitting a character in two', () => {
    const name = sanitizeFileName(`${'😀'.repeat(250)}.pdf`);
    expect([...name]).toHaveLength(200);
    expect(/\p{Cs}/u.test(name)).toBe(false);
  });
});
