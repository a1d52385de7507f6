import { defineDomain } from '../domain.ts';
import { subscriptionsRouter } from './subscriptions.router.ts';
import { subscriptionsRoutes } from './subscriptions.routes.ts';

/** Rate cards: what a subscription costs, for how long, with GST. */
export const subscriptionsDomain = defineDomain({
  name: 'subscriptions',
  screen: 'subscriptions',
  router: subscriptionsRouter,
  routes: [subscriptionsRoutes],
});
