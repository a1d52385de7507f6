import { defineDomain } from '../domain.ts';
import { lectureCollectionRouter } from './lecture-collection.router.ts';
import { lectureCollectionRoutes, studentLectureCollectionRoutes } from './lecture-collection.routes.ts';

/** The custom lecture collection: one titled, ordered list of lectures for the student apps. */
export const lectureCollectionDomain = defineDomain({
  name: 'lectureCollection',
  screen: 'customLectures',
  router: lectureCollectionRouter,
  routes: [lectureCollectionRoutes],
  studentRoutes: [studentLectureCollectionRoutes],
});
