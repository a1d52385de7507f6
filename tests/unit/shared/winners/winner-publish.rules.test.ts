import { describe, expect, it } from 'vitest';
import { isUpiId } from '../../../../shared/winners/upi.rules.ts';
import { isActionRequiredFromUser, publicVisibilityText, winnerPublishWarnings } from '../../../../shared/winners/winner-publish.rules.ts';
import { confirmWinnerInputSchema, WINNER_DRAFT_DEFAULTS, WINNER_WARNINGS, winnerValueSchema } from '../../../../shared/winners/winners.schema.ts';

describe('UPI id format', () => {
  it('takes the ids the payment apps give', () => {
    for (const id of ['devika.m@okaxis', '9847012345@ybl', 'asha_nair-1@oksbi', 'ab@paytm', ' rahul@upi ']) expect(isUpiId(id), id).toBe(true);
  });
  it('refuses what is not one', () => {
    for (const id of [
      '',
      'devika',
      '@okaxis',
      'devika@',
      'de vika@okaxis',
      'devika@ok axis',
      'devika@@okaxis',
      'a@okaxis',
      'devika@1bank',
      'devika@okaxis.com',
      `${'a'.repeat(300)}@ybl`,
      'déva@okaxis',
    ]) {
      expect(isUpiId(id), id).toBe(false);
    }
  });
  it('is required and checked when the winner confirms, optional while staff fill in the editor', () => {
    expect(confirmWinnerInputSchema.safeParse({ beneficiaryName: 'Devika', googlePayOrUPI: 'devika@okaxis' }).success).toBe(true);
    expect(confirmWinnerInputSchema.safeParse({ beneficiaryName: 'Devika', googlePayOrUPI: '' }).success).toBe(false);
    expect(winnerValueSchema.safeParse({ winnerName: 'Devika', googlePayOrUPI: '' }).success).toBe(true);
    expect(winnerValueSchema.safeParse({ winnerName: 'Devika', googlePayOrUPI: 'devika' }).success).toBe(false);
  });
});

describe('publish warnings', () => {
  const complete = { hasStudent: true, winnerName: 'Devika', titleMessage: WINNER_DRAFT_DEFAULTS.titleMessage, hasPhoto: true };
  it('has none for a complete announcement', () => expect(winnerPublishWarnings(complete)).toEqual([]));
  it('names each missing part, in order', () => {
    expect(winnerPublishWarnings({ hasStudent: false, winnerName: ' ', titleMessage: '', hasPhoto: false })).toEqual([
      WINNER_WARNINGS.noStudent,
      WINNER_WARNINGS.noName,
      WINNER_WARNINGS.noTitleMessage,
      WINNER_WARNINGS.noPhoto,
    ]);
    expect(winnerPublishWarnings({ ...complete, hasPhoto: false })).toEqual([WINNER_WARNINGS.noPhoto]);
  });
});

describe('what the announcement asks of the winner', () => {
  it('asks for action while it is visible to them and not confirmed', () => {
    expect(isActionRequiredFromUser({ isVisible: true, hasUserConfirmed: false })).toBe(true);
    expect(isActionRequiredFromUser({ isVisible: true, hasUserConfirmed: true })).toBe(false);
    expect(isActionRequiredFromUser({ isVisible: false, hasUserConfirmed: false })).toBe(false);
  });
  it('shows the Active Announcement card’s public visibility texts', () => {
    expect(publicVisibilityText({ isPublic: true, isActionRequiredFromUser: true })).toBe('Yes');
    expect(publicVisibilityText({ isPublic: false, isActionRequiredFromUser: true })).toBe('Waiting for the winner to confirm');
    expect(publicVisibilityText({ isPublic: false, isActionRequiredFromUser: false })).toBe('Not Public (No action needed from student)');
  });
  it('drafts from a user with the day’s messages', () => {
    expect(WINNER_DRAFT_DEFAULTS).toEqual({ claimMessage: "You are today's winner", titleMessage: "Today's Winner" });
  });
});
