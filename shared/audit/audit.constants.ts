/**
 * What the audit log records: the kinds of change and the kinds of record they change. A new kind is
 * added here, with its label, and nowhere else.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'publish',
  'unpublish',
  'activate',
  'deactivate',
  'send',
  'refund',
  'role-change',
  'disable',
  'enable',
  'invite',
  'import',
  'reply',
  'retry',
  'sign-in',
  'regrade',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  restore: 'Restored',
  publish: 'Published',
  unpublish: 'Unpublished',
  activate: 'Activated',
  deactivate: 'Deactivated',
  send: 'Sent',
  refund: 'Refunded',
  'role-change': 'Roles changed',
  disable: 'Disabled',
  enable: 'Enabled',
  invite: 'Invited',
  import: 'Imported',
  reply: 'Replied',
  retry: 'Retried',
  'sign-in': 'Signed in',
  regrade: 'Regraded',
};

export const AUDIT_RESOURCE_TYPES = [
  'account',
  'alert',
  'app-info',
  'asset',
  'comment',
  'coupon',
  'course',
  'current-affair',
  'exam',
  'lecture',
  'lecture-collection',
  'meeting-link',
  'notification',
  'order',
  'queue-item',
  'rank-file',
  'special-student',
  'subscription',
  'winner',
] as const;
export type AuditResourceType = (typeof AUDIT_RESOURCE_TYPES)[number];

export const AUDIT_RESOURCE_LABELS: Record<AuditResourceType, string> = {
  account: 'Account',
  alert: 'Alert',
  'app-info': 'App information',
  asset: 'File',
  comment: 'Comment',
  coupon: 'Coupon',
  course: 'Course',
  'current-affair': 'Current affair',
  exam: 'Exam',
  lecture: 'Lecture',
  'lecture-collection': 'Custom lecture collection',
  'meeting-link': 'Meeting link',
  notification: 'Notification',
  order: 'Order',
  'queue-item': 'Process queue item',
  'rank-file': 'Rank file',
  'special-student': 'Special student',
  subscription: 'Subscription',
  winner: 'Winners list',
};

/** A title longer than this is cut (with "…") in the entry. */
export const AUDIT_TITLE_LIMIT = 300;
/** A text value longer than this is cut (with "…" and its length) in the entry. */
export const AUDIT_TEXT_LIMIT = 500;
/** A list or object whose JSON is longer than this is kept as a summary ("12 items"). */
export const AUDIT_STRUCTURE_LIMIT = 2_000;
