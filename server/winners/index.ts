import { defineDomain } from '../domain.ts';
import { winnersRouter } from './winners.router.ts';
import { studentWinnersRoutes, winnersRoutes } from './winners.routes.ts';

/** Winner announcements: the daily winner, drafted from a student, published, activated and confirmed by the winner. */
export const winnersDomain = defineDomain({
  name: 'winners',
  screen: 'winners',
  router: winnersRouter,
  routes: [winnersRoutes],
  studentRoutes: [studentWinnersRoutes],
});
