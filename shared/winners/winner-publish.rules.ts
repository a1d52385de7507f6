import { hasVisibleText } from '../validation/fields.ts';
import { WINNER_WARNINGS } from './winners.schema.ts';

export interface WinnerPublishFacts {
  hasStudent: boolean;
  winnerName: string;
  titleMessage: string;
  hasPhoto: boolean;
}

/** What keeps a winner announcement from students: it is published when visible and none of these apply. */
export function winnerPublishWarnings(facts: WinnerPublishFacts): string[] {
  const warnings: string[] = [];
  if (!facts.hasStudent) warnings.push(WINNER_WARNINGS.noStudent);
  if (!hasVisibleText(facts.winnerName)) warnings.push(WINNER_WARNINGS.noName);
  if (!hasVisibleText(facts.titleMessage)) warnings.push(WINNER_WARNINGS.noTitleMessage);
  if (!facts.hasPhoto) warnings.push(WINNER_WARNINGS.noPhoto);
  return warnings;
}

/** The winner's name as the console lists it, "No name provided" when it shows nothing. */
export function winnerDisplayName(winnerName: string): string {
  return hasVisibleText(winnerName) ? winnerName.trim() : 'No name provided';
}

/** The student still has to confirm the listing and give their payout details. */
export function isActionRequiredFromUser(announcement: { isVisible: boolean; hasUserConfirmed: boolean }): boolean {
  return announcement.isVisible && !announcement.hasUserConfirmed;
}

export const PUBLIC_VISIBILITY_TEXTS = {
  public: 'Yes',
  /** The action required is the student's (isActionRequiredFromUser): staff wait, so it says so rather than "Action Required". */
  waitingForWinner: 'Waiting for the winner to confirm',
  notPublic: 'Not Public (No action needed from student)',
} as const;

/** The Active Announcement card's public-visibility column. */
export function publicVisibilityText(announcement: { isPublic: boolean; isActionRequiredFromUser: boolean }): string {
  if (announcement.isPublic) return PUBLIC_VISIBILITY_TEXTS.public;
  return announcement.isActionRequiredFromUser ? PUBLIC_VISIBILITY_TEXTS.waitingForWinner : PUBLIC_VISIBILITY_TEXTS.notPublic;
}
