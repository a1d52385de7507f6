// The cache lives in server/course-state, below the domains whose changes show in courses.
export { forgetAllCourses } from '../course-state/student-course-cache.ts';
