import { bulkRoutes } from '../bulk/bulk-routes.ts';
import { defineDomain } from '../domain.ts';
import { lecturesBulk } from './lectures.bulk.ts';
import { lecturesRouter } from './lectures.router.ts';
import { lecturesRoutes } from './lectures.routes.ts';

/** The lecture catalogue: videos, notes and their settings. */
export const lecturesDomain = defineDomain({
  name: 'lectures',
  screen: 'videos',
  router: lecturesRouter,
  routes: [lecturesRoutes, bulkRoutes('/api/admin/lectures/bulk', 'lectures', lecturesBulk)],
});
