import { defineDomain } from '../domain.ts';
import { specialStudentsRouter } from './special-students.router.ts';
import { specialStudentsRoutes } from './special-students.routes.ts';
import { profileRoutes } from './profile.routes.ts';

/** Special (Lakshya) students: the list, its CSV import, and the free access it gives. */
export const specialStudentsDomain = defineDomain({
  name: 'specialStudents',
  screen: 'lakshyaStudents',
  router: specialStudentsRouter,
  routes: [specialStudentsRoutes],
  studentRoutes: [profileRoutes],
});
