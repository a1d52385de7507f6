import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const CurrentAffairManagerPage = lazyPage(() => import('./current-affair-manager-page.tsx').then((m) => m.CurrentAffairManagerPage));
const CurrentAffairEditorPage = lazyPage(() => import('./current-affair-editor-page.tsx').then((m) => m.CurrentAffairEditorPage));

export const currentAffairsRoutes: ConsoleRoute[] = [
  { path: '/admin/current-affairs', screen: 'currentAffairs', render: () => <CurrentAffairManagerPage /> },
  { path: '/admin/current-affairs/editor/:id/:mode?', screen: 'currentAffairs', render: (params) => <CurrentAffairEditorPage id={params.id!} /> },
];
