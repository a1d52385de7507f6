import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const CourseManagerPage = lazyPage(() => import('./course-manager-page.tsx').then((m) => m.CourseManagerPage));
const CourseEditorPage = lazyPage(() => import('./course-editor-page.tsx').then((m) => m.CourseEditorPage));

export const courseRoutes: ConsoleRoute[] = [
  { path: '/admin/courses', screen: 'courses', render: () => <CourseManagerPage /> },
  // One route for every tab, so that switching tabs keeps the unsaved draft.
  { path: '/admin/courses/editor/:id/:mode?', screen: 'courses', render: (params) => <CourseEditorPage id={params.id!} mode={params.mode} /> },
];
