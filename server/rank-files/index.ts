import { defineDomain } from '../domain.ts';
import { rankFilesRouter } from './rank-files.router.ts';
import { rankFilesRoutes, studentRankFilesRoutes } from './rank-files.routes.ts';

/** Rank files: rank lists over groups of exams. */
export const rankFilesDomain = defineDomain({
  name: 'rankFiles',
  screen: 'rankFiles',
  router: rankFilesRouter,
  routes: [rankFilesRoutes],
  studentRoutes: [studentRankFilesRoutes],
});
