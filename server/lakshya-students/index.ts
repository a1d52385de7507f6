import { defineDomain } from '../domain.ts';
import { lakshyaStudentsRouter } from './lakshya-students.router.ts';
import { lakshyaStudentsRoutes } from './lakshya-students.routes.ts';

/** Lakshya students (the specification's special students): the list, its CSV import, and the free access it gives. */
export const lakshyaStudentsDomain = defineDomain({
  name: 'lakshyaStudents',
  screen: 'lakshyaStudents',
  router: lakshyaStudentsRouter,
  routes: [lakshyaStudentsRoutes],
});
