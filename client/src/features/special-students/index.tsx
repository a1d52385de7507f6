import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const SpecialStudentsPage = lazyPage(() => import('./special-students-page.tsx').then((m) => m.SpecialStudentsPage));

export const specialStudentRoutes: ConsoleRoute[] = [{ path: '/admin/lakshya/students', screen: 'lakshyaStudents', render: () => <SpecialStudentsPage /> }];
