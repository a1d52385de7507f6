import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const LectureCataloguePage = lazyPage(() => import('./lecture-catalogue-page.tsx').then((m) => m.LectureCataloguePage));
const LectureEditorPage = lazyPage(() => import('./lecture-editor-page.tsx').then((m) => m.LectureEditorPage));

/** The lecture catalogue and the lecture editor (its General tab answers at both paths). */
export const lectureRoutes: ConsoleRoute[] = [
  { path: '/admin/videos', screen: 'videos', render: () => <LectureCataloguePage /> },
  { path: '/admin/videos/lectures/:id', screen: 'videos', render: (params) => <LectureEditorPage id={params.id!} /> },
  { path: '/admin/videos/lectures/:id/general', screen: 'videos', render: (params) => <LectureEditorPage id={params.id!} /> },
  { path: '/admin/videos/lectures/:id/discussions', screen: 'videos', render: (params) => <LectureEditorPage id={params.id!} mode="discussions" /> },
];
