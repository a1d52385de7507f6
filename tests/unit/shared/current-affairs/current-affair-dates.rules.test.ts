import { describe, expect, it } from 'vitest';
import { isCalendarDate, isPostDate, shortPostDate, todayInIndia } from '../../../../shared/current-affairs/current-affair-dates.rules.ts';
import { currentAffairPublishWarnings, isCurrentAffairPublished } from '../../../../shared/current-affairs/current-affair-publish.rules.ts';
import {
  CURRENT_AFFAIR_MESSAGES,
  CURRENT_AFFAIR_WARNINGS,
  createCurrentAffairInputSchema,
  currentAffairValueSchema,
} from '../../../../shared/current-affairs/current-affairs.schema.ts';

describe('shortPostDate', () => {
  it.each([
    ['2026-11-26', '26 Nov 2026'],
    ['2026-01-05', '5 Jan 2026'],
    ['2024-02-29', '29 Feb 2024'],
    ['2026-12-31', '31 Dec 2026'],
  ])('writes the post date %s as the short date students see, %s', (postDate, shown) => {
    expect(shortPostDate(postDate)).toBe(shown);
  });

  it.each(['2026-02-30', ''])('shows anything that is not a calendar day as given (%j)', (text) => {
    expect(shortPostDate(text)).toBe(text);
  });
});

describe('isCalendarDate and isPostDate', () => {
  it('accepts real days written YYYY-MM-DD only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    for (const text of ['2025-02-29', '2026-13-01', '2026-00-10', '2026-1-5', '26-11-2026', '2026-11-26T00:00', ' 2026-11-26']) {
      expect(isCalendarDate(text), text).toBe(false);
    }
  });

  it('keeps post dates from 2000 to 2099', () => {
    expect(isPostDate('2000-01-01')).toBe(true);
    expect(isPostDate('2099-12-31')).toBe(true);
    expect(isPostDate('1999-12-31')).toBe(false);
    expect(isPostDate('2100-01-01')).toBe(false);
  });
});

describe('todayInIndia', () => {
  it("is India's calendar day, which starts 5½ hours before UTC's", () => {
    expect(todayInIndia(new Date('2026-11-26T18:29:59Z'))).toBe('2026-11-26');
    expect(todayInIndia(new Date('2026-11-26T18:30:00Z'))).toBe('2026-11-27');
    expect(todayInIndia(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01');
  });
});

describe('the post date as a title', () => {
  it('asks for a title when the date is missing or blank, and says what is wrong with a bad one', () => {
    const message = (title: unknown) => createCurrentAffairInputSchema.safeParse({ title }).error?.issues[0]?.message;
    expect(message(undefined)).toBe(CURRENT_AFFAIR_MESSAGES.titleRequired);
    expect(message('')).toBe(CURRENT_AFFAIR_MESSAGES.titleRequired);
    expect(message('   ')).toBe(CURRENT_AFFAIR_MESSAGES.titleRequired);
    expect(message('2026-02-30')).toBe(CURRENT_AFFAIR_MESSAGES.titleNotADate);
    expect(message('1999-01-01')).toBe(CURRENT_AFFAIR_MESSAGES.titleOutOfRange);
    expect(createCurrentAffairInputSchema.parse({ title: ' 2026-11-26 ' })).toEqual({ title: '2026-11-26', allowSameDate: false });
  });

  it('takes the whole item the editor sends and keeps only what staff edit', () => {
    const value = currentAffairValueSchema.parse({
      _id: 'x',
      title: '2026-11-26',
      titleDisplay: '26 Nov 2026',
      isPublished: true,
      hasPDFUploaded: 'Yes',
      isVisible: true,
    });
    expect(value).toEqual({ title: '2026-11-26', isVisible: true, masterSubscription: null, bannerImageId: null, pdfFileId: null });
  });

  it('names the other post of the date when asking to confirm a second one', () => {
    expect(CURRENT_AFFAIR_MESSAGES.sameDate('2026-11-26')).toBe('There is already a post for 26 Nov 2026. Add another post for the same date?');
  });
});

describe('currentAffairPublishWarnings', () => {
  it('lists the missing PDF and the missing cover art, in that order', () => {
    expect(currentAffairPublishWarnings({ hasPdf: false, hasCoverImage: false })).toEqual([
      CURRENT_AFFAIR_WARNINGS.noPdf,
      CURRENT_AFFAIR_WARNINGS.noCoverImage,
    ]);
    expect(currentAffairPublishWarnings({ hasPdf: true, hasCoverImage: false })).toEqual([CURRENT_AFFAIR_WARNINGS.noCoverImage]);
    expect(currentAffairPublishWarnings({ hasPdf: false, hasCoverImage: true })).toEqual([CURRENT_AFFAIR_WARNINGS.noPdf]);
    expect(currentAffairPublishWarnings({ hasPdf: true, hasCoverImage: true })).toEqual([]);
  });

  it('publishes a post only when it is visible and nothing is missing', () => {
    expect(isCurrentAffairPublished(true, [])).toBe(true);
    expect(isCurrentAffairPublished(false, [])).toBe(false);
    expect(isCurrentAffairPublished(true, [CURRENT_AFFAIR_WARNINGS.noPdf])).toBe(false);
  });
});
