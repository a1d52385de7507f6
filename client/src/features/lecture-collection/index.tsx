import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const CustomLecturesPage = lazyPage(() => import('./custom-lectures-page.tsx').then((m) => m.CustomLecturesPage));

export const lectureCollectionRoutes: ConsoleRoute[] = [{ path: '/admin/custom-lectures', screen: 'customLectures', render: () => <CustomLecturesPage /> }];
