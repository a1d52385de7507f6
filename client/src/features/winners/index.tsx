import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const WinnerManagerPage = lazyPage(() => import('./winner-manager-page.tsx').then((m) => m.WinnerManagerPage));
const WinnerEditorPage = lazyPage(() => import('./winner-editor-page.tsx').then((m) => m.WinnerEditorPage));

export const winnersRoutes: ConsoleRoute[] = [
  { path: '/admin/winners', screen: 'winners', render: () => <WinnerManagerPage /> },
  { path: '/admin/winners/editor/:id/:mode?', screen: 'winners', render: (params) => <WinnerEditorPage id={params.id!} /> },
];
