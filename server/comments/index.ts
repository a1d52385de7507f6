import { defineDomain } from '../domain.ts';
import { commentsRouter } from './comments.router.ts';
import { commentsAdminRoutes, commentsStudentRoutes } from './comments.routes.ts';

/** Discussions under lectures: the lecture editor's Discussions tab and the students' comments. */
export const commentsDomain = defineDomain({
  name: 'comments',
  screen: 'videos',
  router: commentsRouter,
  routes: [commentsAdminRoutes],
  studentRoutes: [commentsStudentRoutes],
});
