import { auditRoutes } from '../audit/index.tsx';
import { commentRoutes } from '../comments/index.tsx';
import { couponRoutes } from '../coupons/index.tsx';
import { courseRoutes } from '../courses/index.tsx';
import { dashboardRoutes } from '../dashboard/index.tsx';
import { currentAffairsRoutes } from '../current-affairs/index.tsx';
import { examRoutes } from '../exams/index.tsx';
import { lectureCollectionRoutes } from '../lecture-collection/index.tsx';
import { lectureRoutes } from '../lectures/index.tsx';
import { meetingLinksRoutes } from '../meeting-links/index.tsx';
import { pendingPdfRoutes } from '../pending-pdf/index.tsx';
import { notificationRoutes } from '../notifications/index.tsx';
import { orderRoutes } from '../orders/index.tsx';
import { gstReportRoutes } from '../gst-report/index.tsx';
import { queueRoutes } from '../queue/index.tsx';
import { rankFileRoutes } from '../rank-files/index.tsx';
import { lakshyaStudentRoutes } from '../lakshya-students/index.tsx';
import { subscriptionRoutes } from '../subscriptions/index.tsx';
import { userRoutes } from '../users/index.tsx';
import { winnersRoutes } from '../winners/index.tsx';
import type { ConsoleRoute } from './console-route.ts';

/**
 * Every /admin screen of the console, feature by feature: a new screen adds its feature's routes
 * here. Side-bar links come from the roles table in shared/auth/roles.ts (each screen's label and
 * path) with the icons in screen-icons.ts, so a screen's link shows for exactly the roles its routes admit.
 */
export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  ...dashboardRoutes,
  ...lectureRoutes,
  ...lectureCollectionRoutes,
  ...pendingPdfRoutes,
  ...subscriptionRoutes,
  ...examRoutes,
  ...courseRoutes,
  ...rankFileRoutes,
  ...couponRoutes,
  ...orderRoutes,
  ...gstReportRoutes,
  ...lakshyaStudentRoutes,
  ...userRoutes,
  ...notificationRoutes,
  ...commentRoutes,
  ...queueRoutes,
  ...currentAffairsRoutes,
  ...meetingLinksRoutes,
  ...winnersRoutes,
  ...auditRoutes,
];
