import { describe, expect, it } from 'vitest';
import { alertViewPath } from '../../../../shared/alerts/alerts.schema.ts';
import { isAlertingReport, KEY_REPORT_MESSAGES, keyReportAlertMessage, REPORTS_BEFORE_ALERT } from '../../../../shared/exams/key-reports.constants.ts';
import { adminKeyReportsQuerySchema, keyReportInputSchema, resolveKeyReportsInputSchema } from '../../../../shared/exams/key-reports.schema.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('disputed-key report rules', () => {
  it('alerts at the 5th report of a question and at no other', () => {
    expect(REPORTS_BEFORE_ALERT).toBe(5);
    expect([1, 2, 3, 4, 5, 6, 7, 50].filter(isAlertingReport)).toEqual([5]);
  });

  it('names the question and the exam in the alert, which opens the exam editor’s reports', () => {
    expect(keyReportAlertMessage(12, 'LDC Mock 7')).toBe('Question 12 of “LDC Mock 7” has 5 reports of a wrong answer key');
    expect(alertViewPath({ resourceType: 'exam', resourceId: 'e 1' })).toBe('/admin/exams/editor/e%201/reports');
  });

  it('takes a trimmed reason of 1 to 500 characters', () => {
    expect(keyReportInputSchema.parse({ reason: '  B is right ' })).toEqual({ reason: 'B is right' });
    expect(keyReportInputSchema.parse({ reason: 'x'.repeat(500) }).reason).toHaveLength(500);
    expect(firstMessage(keyReportInputSchema.safeParse({ reason: ' \n ' }))).toBe(KEY_REPORT_MESSAGES.reasonRequired);
    expect(firstMessage(keyReportInputSchema.safeParse({ reason: 'x'.repeat(501) }))).toBe(KEY_REPORT_MESSAGES.reasonTooLong);
  });

  it('resolves by ids or by a question, not both or neither; an empty note is no note', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(resolveKeyReportsInputSchema.parse({ reportIds: [id], note: '  ' })).toEqual({ reportIds: [id], note: null });
    expect(resolveKeyReportsInputSchema.parse({ questionResId: 'q1' })).toEqual({ questionResId: 'q1', note: null });
    expect(firstMessage(resolveKeyReportsInputSchema.safeParse({}))).toBe(KEY_REPORT_MESSAGES.resolveWhat);
    expect(firstMessage(resolveKeyReportsInputSchema.safeParse({ reportIds: [id], questionResId: 'q1' }))).toBe(KEY_REPORT_MESSAGES.resolveWhat);
    expect(firstMessage(resolveKeyReportsInputSchema.safeParse({ reportIds: [] }))).toBe(KEY_REPORT_MESSAGES.reportIdsRequired);
    expect(firstMessage(resolveKeyReportsInputSchema.safeParse({ reportIds: [id], note: 'n'.repeat(501) }))).toBe(KEY_REPORT_MESSAGES.noteTooLong);
  });

  it('lists open reports unless told, 50 a page', () => {
    expect(adminKeyReportsQuerySchema.parse({})).toEqual({ status: 'open', page: 1, pageSize: 50 });
    expect(adminKeyReportsQuerySchema.safeParse({ pageSize: '201' }).success).toBe(false);
  });
});
