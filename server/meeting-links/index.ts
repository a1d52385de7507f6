import { defineDomain } from '../domain.ts';
import { meetingLinksRouter } from './meeting-links.router.ts';
import { meetingLinksRoutes, studentMeetingLinksRoutes } from './meeting-links.routes.ts';

/** Live-class meeting links: staff add and switch them; students' apps list the ones open now. */
export const meetingLinksDomain = defineDomain({
  name: 'meetingLinks',
  screen: 'meetingLinks',
  router: meetingLinksRouter,
  routes: [meetingLinksRoutes],
  studentRoutes: [studentMeetingLinksRoutes],
});
