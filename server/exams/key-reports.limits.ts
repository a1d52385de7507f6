import { KEY_REPORT_MESSAGES, REPORTS_PER_ADDRESS_PER_HOUR, REPORTS_PER_STUDENT_PER_HOUR } from '../../shared/exams/key-reports.constants.ts';
import { rateLimitAddress } from '../rate-limit/client-address.ts';
import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';

const HOUR = 60 * 60;

/** The limits of disputed-key reports: per student, and per client address (many accounts on one machine). */
export function keyReportRules(userId: string, ip: string): RateLimitRule[] {
  return [
    { key: `key-report:user:${userId}`, max: REPORTS_PER_STUDENT_PER_HOUR, windowSeconds: HOUR, message: KEY_REPORT_MESSAGES.tooMany },
    { key: `key-report:ip:${rateLimitAddress(ip)}`, max: REPORTS_PER_ADDRESS_PER_HOUR, windowSeconds: HOUR, message: KEY_REPORT_MESSAGES.tooMany },
  ];
}
