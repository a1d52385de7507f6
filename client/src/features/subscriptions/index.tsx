import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const SubscriptionManagerPage = lazyPage(() => import('./subscription-manager-page.tsx').then((m) => m.SubscriptionManagerPage));
const SubscriptionEditorPage = lazyPage(() => import('./subscription-editor-page.tsx').then((m) => m.SubscriptionEditorPage));

export const subscriptionRoutes: ConsoleRoute[] = [
  { path: '/admin/subscriptions', screen: 'subscriptions', render: () => <SubscriptionManagerPage /> },
  // One route for both tabs, so that switching tabs keeps the unsaved draft.
  {
    path: '/admin/subscriptions/editor/:id/:mode?',
    screen: 'subscriptions',
    render: (params) => <SubscriptionEditorPage id={params.id!} mode={params.mode} />,
  },
];
