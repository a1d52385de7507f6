import { bulkRoutes } from '../bulk/bulk-routes.ts';
import { defineDomain } from '../domain.ts';
import { coursesBulk } from './courses.bulk.ts';
import { coursePreviewRoutes } from './course-preview.routes.ts';
import { coursesRouter } from './courses.router.ts';
import { coursesRoutes } from './courses.routes.ts';
import { studentCoursesRoutes } from './student-courses.routes.ts';
import { videoKeyRoutes } from './video-key.routes.ts';

/** Courses: subjects of lectures laid out as a day-by-day plan, with exams and rank files. */
export const coursesDomain = defineDomain({
  name: 'courses',
  screen: 'courses',
  router: coursesRouter,
  routes: [coursesRoutes, bulkRoutes('/api/admin/courses/bulk', 'courses', coursesBulk)],
  studentRoutes: [studentCoursesRoutes, coursePreviewRoutes, videoKeyRoutes],
});
