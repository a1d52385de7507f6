import type { ScreenKey } from '../auth/roles.ts';
import type { AuditResourceType } from './audit.constants.ts';

/**
 * The console screen that edits each kind of record: whoever may open it may read the History of
 * its records (the whole log is the Audit screen's, administrators only, as is the History of what
 * no screen edits).
 */
export const AUDIT_RESOURCE_SCREENS: Record<AuditResourceType, ScreenKey> = {
  account: 'users',
  alert: 'notifications',
  'app-info': 'audit',
  asset: 'videos',
  comment: 'discussions',
  coupon: 'coupons',
  course: 'courses',
  'current-affair': 'currentAffairs',
  exam: 'exams',
  lecture: 'videos',
  'lecture-collection': 'customLectures',
  'meeting-link': 'meetingLinks',
  notification: 'notifications',
  order: 'orders',
  'queue-item': 'processQueue',
  'rank-file': 'rankFiles',
  'special-student': 'lakshyaStudents',
  subscription: 'subscriptions',
  winner: 'winners',
};
