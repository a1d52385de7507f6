import { createContext, useContext } from 'react';

/** Each question's open reports of a wrong answer key (question id → count), for the Questions tab's badges. */
export const ReportCountsContext = createContext<ReadonlyMap<string, number>>(new Map());

export function useOpenReportCount(resId: string): number {
  return useContext(ReportCountsContext).get(resId) ?? 0;
}

export function openReportsLabel(count: number): string {
  return `${count} open report${count === 1 ? '' : 's'}`;
}
