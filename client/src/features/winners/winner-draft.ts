import type { Winner, WinnerValue } from '../../../../shared/winners/winners.schema.ts';

/** What the editor changes: numbers are kept as typed until they are saved. */
export interface WinnerDraft {
  winnerName: string;
  isPublic: boolean;
  isVisible: boolean;
  claimMessage: string;
  titleMessage: string;
  examTitle: string;
  prizeAmount: string;
  rank: string;
  totalParticipants: string;
  bannerImageId: string | null;
  beneficiaryName: string;
  googlePayOrUPI: string;
  hasUserConfirmed: boolean;
}

export function toDraft(winner: Winner): WinnerDraft {
  return {
    winnerName: winner.winnerName,
    isPublic: winner.isPublic,
    isVisible: winner.isVisible,
    claimMessage: winner.claimMessage,
    titleMessage: winner.titleMessage,
    examTitle: winner.examTitle,
    prizeAmount: String(winner.prizeAmount),
    rank: String(winner.rank),
    totalParticipants: String(winner.totalParticipants),
    bannerImageId: winner.bannerImageId,
    beneficiaryName: winner.beneficiaryName,
    googlePayOrUPI: winner.googlePayOrUPI,
    hasUserConfirmed: winner.hasUserConfirmed,
  };
}

/** A typed number, or the text itself when it is not one (the schema then names the field). */
const numberOf = (text: string): number => (text.trim() === '' ? 0 : Number(text));

/** The body of PUT /api/admin/winners/{id}: `{ value }`. */
export function toWinnerValue(draft: WinnerDraft): WinnerValue {
  return {
    winnerName: draft.winnerName,
    isPublic: draft.isPublic,
    isVisible: draft.isVisible,
    claimMessage: draft.claimMessage,
    titleMessage: draft.titleMessage,
    examTitle: draft.examTitle,
    prizeAmount: numberOf(draft.prizeAmount),
    rank: numberOf(draft.rank),
    totalParticipants: numberOf(draft.totalParticipants),
    bannerImageId: draft.bannerImageId,
    beneficiaryName: draft.beneficiaryName,
    googlePayOrUPI: draft.googlePayOrUPI,
    hasUserConfirmed: draft.hasUserConfirmed,
  };
}
