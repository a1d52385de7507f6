import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const LakshyaStudentsPage = lazyPage(() => import('./lakshya-students-page.tsx').then((m) => m.LakshyaStudentsPage));

export const lakshyaStudentRoutes: ConsoleRoute[] = [{ path: '/admin/lakshya/students', screen: 'lakshyaStudents', render: () => <LakshyaStudentsPage /> }];
