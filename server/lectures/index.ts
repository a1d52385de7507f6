import { defineDomain } from '../domain.ts';
import { lecturesRouter } from './lectures.router.ts';
import { lecturesRoutes } from './lectures.routes.ts';

/** The lecture catalogue: videos, notes and their settings. */
export const lecturesDomain = defineDomain({ name: 'lectures', screen: 'videos', router: lecturesRouter, routes: [lecturesRoutes] });
