import { alertsDomain } from './alerts/index.ts';
import { appInfoDomain } from './app-info/index.ts';
import { assetsDomain } from './assets/index.ts';
import { auditDomain, auditHistoryDomain } from './audit/index.ts';
import { authDomain } from './auth/index.ts';
import { commentsDomain } from './comments/index.ts';
import { couponsDomain } from './coupons/index.ts';
import { dashboardDomain } from './dashboard/index.ts';
import { currentAffairsDomain } from './current-affairs/index.ts';
import { coursesDomain } from './courses/index.ts';
import { examsDomain } from './exams/index.ts';
import { lectureCollectionDomain } from './lecture-collection/index.ts';
import { lecturesDomain } from './lectures/index.ts';
import { meetingLinksDomain } from './meeting-links/index.ts';
import { pendingPdfDomain } from './pending-pdf/index.ts';
import { ordersDomain } from './orders/index.ts';
import { gstReportDomain } from './orders/gst-report.domain.ts';
import { pushDomain } from './push/index.ts';
import { queueDomain } from './queue/index.ts';
import { rankFilesDomain } from './rank-files/index.ts';
import { lakshyaStudentsDomain } from './lakshya-students/index.ts';
import { subscriptionsDomain } from './subscriptions/index.ts';
import { usersDomain } from './users/index.ts';
import { winnersDomain } from './winners/index.ts';

/**
 * Every domain of the product, in the order their routes are registered. This list feeds both the
 * REST routes (`buildApp`) and the tRPC root router: a new domain is added here and nowhere else.
 */
export const DOMAINS = [
  appInfoDomain,
  authDomain,
  assetsDomain,
  queueDomain,
  lecturesDomain,
  lectureCollectionDomain,
  pendingPdfDomain,
  examsDomain,
  subscriptionsDomain,
  coursesDomain,
  rankFilesDomain,
  couponsDomain,
  ordersDomain,
  gstReportDomain,
  lakshyaStudentsDomain,
  usersDomain,
  pushDomain,
  alertsDomain,
  commentsDomain,
  currentAffairsDomain,
  meetingLinksDomain,
  winnersDomain,
  dashboardDomain,
  auditDomain,
  auditHistoryDomain,
] as const;
