import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const ExamEditorRoute = lazyPage(() => import('./exam-routes.tsx').then((m) => m.ExamEditorRoute));
const ExamManagerRoute = lazyPage(() => import('./exam-routes.tsx').then((m) => m.ExamManagerRoute));

export const examRoutes: ConsoleRoute[] = [
  // One route for every tab, so that switching tabs keeps the unsaved draft. Before the manager's
  // route, whose optional template would take "editor" otherwise.
  { path: '/admin/exams/editor/:id/:mode?', screen: 'exams', render: (params) => <ExamEditorRoute id={params.id!} mode={params.mode} /> },
  { path: '/admin/exams/:templateId?', screen: 'exams', render: (params) => <ExamManagerRoute templateId={params.templateId} /> },
];
