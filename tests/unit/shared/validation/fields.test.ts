import { describe, expect, it } from 'vitest';
import { hasVisibleText, titleSchema } from '../../../../shared/validation/fields.ts';
import { createMeetingLinkInputSchema, MEETING_LINK_MESSAGES } from '../../../../shared/meeting-links/meeting-links.schema.ts';
import { confirmWinnerInputSchema, WINNER_MESSAGES } from '../../../../shared/winners/winners.schema.ts';
import { winnerDisplayName, winnerPublishWarnings } from '../../../../shared/winners/winner-publish.rules.ts';

const INVISIBLE = ['', '   ', '\u200b', '\u200b\u200b', '\u200c\u200d', '\u202e', '\u2066\u2069', '\u00ad', '\ufeff', '\u0001', ' \u200b\t\n'];

describe('hasVisibleText', () => {
  it('is false for text made only of spaces, control and invisible format characters', () => {
    for (const text of INVISIBLE) expect(hasVisibleText(text), JSON.stringify(text)).toBe(false);
  });

  it('is true for anything a reader sees, Malayalam with its joiners and emoji included', () => {
    for (const text of ['a', 'മലയാളം', 'ന്‍', '\u200bx', '🎉', '1', '—']) expect(hasVisibleText(text), text).toBe(true);
  });
});

describe('required names refuse invisible text with the blank message', () => {
  it('titles', () => {
    const schema = titleSchema('Please provide a title');
    for (const text of INVISIBLE) {
      const parsed = schema.safeParse(text);
      expect(parsed.success, JSON.stringify(text)).toBe(false);
      expect(parsed.error!.issues.map((issue) => issue.message)).toEqual(['Please provide a title']);
    }
    expect(schema.parse('  ന്‍ LDC Mock  ')).toBe('ന്‍ LDC Mock');
  });

  it("a meeting link's name", () => {
    const link = { url: 'https://meet.example.com/a', startDate: '2030-01-01T10:00:00Z', endDate: '2030-01-01T11:00:00Z' };
    const parsed = createMeetingLinkInputSchema.safeParse({ ...link, title: '\u200b' });
    expect(parsed.error!.issues).toMatchObject([{ path: ['title'], message: MEETING_LINK_MESSAGES.titleRequired }]);
    expect(createMeetingLinkInputSchema.safeParse({ ...link, title: 'KAS doubts' }).success).toBe(true);
  });

  it("a winner's beneficiary name", () => {
    const parsed = confirmWinnerInputSchema.safeParse({ beneficiaryName: '\u200b', googlePayOrUPI: 'asha@okaxis' });
    expect(parsed.error!.issues).toMatchObject([{ path: ['beneficiaryName'], message: WINNER_MESSAGES.beneficiaryNameRequired }]);
  });

  it('a winner with an invisible name or title message is listed as "No name provided" and is not published', () => {
    expect(winnerDisplayName('\u200b\u200b')).toBe('No name provided');
    expect(winnerDisplayName('  Devika  ')).toBe('Devika');
    expect(winnerPublishWarnings({ hasStudent: true, winnerName: '\u200b', titleMessage: '\u200d', hasPhoto: true })).toHaveLength(2);
  });
});
