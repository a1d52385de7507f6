// The publish decision lives in server/course-state, below the domains whose changes show in courses.
export { refreshCoursesOfExams, refreshCoursesOfLectures, refreshCoursesOfRateCard, refreshCoursesPublishState } from '../course-state/course-publish.ts';
