import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const RankFileManagerPage = lazyPage(() => import('./rank-file-manager-page.tsx').then((m) => m.RankFileManagerPage));
const RankFileEditorPage = lazyPage(() => import('./rank-file-editor-page.tsx').then((m) => m.RankFileEditorPage));

export const rankFileRoutes: ConsoleRoute[] = [
  { path: '/admin/rank-files', screen: 'rankFiles', render: () => <RankFileManagerPage /> },
  { path: '/admin/rank-files/editor/:id/:mode?', screen: 'rankFiles', render: (params) => <RankFileEditorPage id={params.id!} /> },
];
