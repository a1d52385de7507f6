import { describe, expect, it } from 'vitest';
import { REPORTS_PER_ADDRESS_PER_HOUR, REPORTS_PER_STUDENT_PER_HOUR } from '../../../../shared/exams/key-reports.constants.ts';
import { keyReportRules } from '../../../../server/exams/key-reports.limits.ts';

describe('the limits of disputed-key reports', () => {
  it('counts per student and per client address, an hour each; an IPv6 /64 counts as one address', () => {
    const [student, address] = keyReportRules('u1', '2001:db8:1:2::5');
    expect(student).toMatchObject({ key: 'key-report:user:u1', max: REPORTS_PER_STUDENT_PER_HOUR, windowSeconds: 3600 });
    expect(address).toMatchObject({ max: REPORTS_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 });
    expect(keyReportRules('u2', '2001:db8:1:2::9')[1]!.key).toBe(address!.key);
    expect(keyReportRules('u1', '203.0.113.7')[1]!.key).toBe('key-report:ip:203.0.113.7');
  });
});
