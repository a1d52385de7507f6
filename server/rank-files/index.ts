import { bulkRoutes } from '../bulk/bulk-routes.ts';
import { defineDomain } from '../domain.ts';
import { rankFilesBulk } from './rank-files.bulk.ts';
import { rankFilesRouter } from './rank-files.router.ts';
import { rankFilesRoutes, studentRankFilesRoutes } from './rank-files.routes.ts';

/** Rank files: rank lists over groups of exams. */
export const rankFilesDomain = defineDomain({
  name: 'rankFiles',
  screen: 'rankFiles',
  router: rankFilesRouter,
  routes: [rankFilesRoutes, bulkRoutes('/api/admin/rankfiles/bulk', 'rank files', rankFilesBulk)],
  studentRoutes: [studentRankFilesRoutes],
});
