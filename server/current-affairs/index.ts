import { bulkRoutes } from '../bulk/bulk-routes.ts';
import { defineDomain } from '../domain.ts';
import { currentAffairsBulk } from './current-affairs.bulk.ts';
import { currentAffairsRouter } from './current-affairs.router.ts';
import { currentAffairsRoutes, studentCurrentAffairsRoutes } from './current-affairs.routes.ts';

/** Current affairs: dated posts with cover art and a PDF. */
export const currentAffairsDomain = defineDomain({
  name: 'currentAffairs',
  screen: 'currentAffairs',
  router: currentAffairsRouter,
  routes: [currentAffairsRoutes, bulkRoutes('/api/admin/current-affairs/bulk', 'current affairs', currentAffairsBulk)],
  studentRoutes: [studentCurrentAffairsRoutes],
});
