/** What the draft of a record sold under a rate card starts with: its title, its visibility and the rate card's id. */
export function rateCardRecordDraft(record: { title: string; isVisible: boolean; masterSubscription?: { _id: string } | null | undefined }) {
  return { title: record.title, isVisible: record.isVisible, masterSubscription: record.masterSubscription?._id ?? null };
}
