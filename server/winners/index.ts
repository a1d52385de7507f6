import { bulkRoutes } from '../bulk/bulk-routes.ts';
import { defineDomain } from '../domain.ts';
import { winnersBulk } from './winners.bulk.ts';
import { winnersRouter } from './winners.router.ts';
import { studentWinnersRoutes, winnersRoutes } from './winners.routes.ts';

/** Winner announcements: the daily winner, drafted from a student, published, activated and confirmed by the winner. */
export const winnersDomain = defineDomain({
  name: 'winners',
  screen: 'winners',
  router: winnersRouter,
  routes: [winnersRoutes, bulkRoutes('/api/admin/winners/bulk', 'winners', winnersBulk)],
  studentRoutes: [studentWinnersRoutes],
});
