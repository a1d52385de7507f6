/**
 * Disputed-key reports: a student who submitted an exam reports a question whose answer key they
 * think is wrong. The numbers and messages of the rules live here and nowhere else.
 */

/** The longest reason a student may give, and the longest note staff may leave when resolving. */
export const MAX_REPORT_REASON_LENGTH = 500;
export const MAX_RESOLUTION_NOTE_LENGTH = 500;

/** The report that raises an alert for staff: the 5th of a question (once per question). */
export const REPORTS_BEFORE_ALERT = 5;

/**
 * Reports one student may send in an hour, and reports from one client address in an hour (a
 * coaching centre's students share one address: it bounds a machine making accounts, not a class).
 */
export const REPORTS_PER_STUDENT_PER_HOUR = 10;
export const REPORTS_PER_ADDRESS_PER_HOUR = 300;

/** Reports a staff page holds (at most, and when not asked). */
export const REPORTS_PAGE_SIZE = 50;
export const REPORTS_MAX_PAGE_SIZE = 200;
/** Reports one resolve may name by id. */
export const MAX_REPORTS_RESOLVED_AT_ONCE = 500;

export const KEY_REPORT_MESSAGES = {
  reasonRequired: 'Please give the reason: what is wrong with the answer key',
  reasonTooLong: `The reason can be at most ${MAX_REPORT_REASON_LENGTH} characters`,
  noteTooLong: `The note can be at most ${MAX_RESOLUTION_NOTE_LENGTH} characters`,
  /** Answered for an exam the student has not submitted, whether or not it exists. */
  notAttempted: 'You can report a question only of an exam you have submitted',
  notInPaper: 'This question was not part of the exam you took',
  duplicate: 'You have already reported this question',
  tooMany: 'You have sent too many reports. Please try again later.',
  reportsNotFound: 'No such report of this exam',
  resolveWhat: 'Name the reports to resolve: reportIds or questionResId',
  reportIdsRequired: 'List at least one report in reportIds',
  reportIdsTooMany: `List at most ${MAX_REPORTS_RESOLVED_AT_ONCE} reports in reportIds`,
  reportIdInvalid: 'Each of reportIds must be the id of a report',
  resolved: (count: number) => `${count} report${count === 1 ? '' : 's'} resolved`,
  alreadyResolved: 'These reports were already resolved: nothing changed',
} as const;

/** The alert staff get at a question's REPORTS_BEFORE_ALERT-th report. */
export function keyReportAlertMessage(questionNumber: number | string, examTitle: string): string {
  return `Question ${questionNumber} of “${examTitle}” has ${REPORTS_BEFORE_ALERT} reports of a wrong answer key`;
}

/** Whether the report that brought a question to `reportCount` reports is the one that alerts staff. */
export function isAlertingReport(reportCount: number): boolean {
  return reportCount === REPORTS_BEFORE_ALERT;
}
