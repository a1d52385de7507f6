import { defineDomain } from '../domain.ts';
import { queueRouter } from './queue.router.ts';
import { queueRoutes } from './queue.routes.ts';

/** The media processing queue: videos to HLS renditions, PDFs to page images. */
export const queueDomain = defineDomain({ name: 'queue', screen: 'processQueue', router: queueRouter, routes: [queueRoutes] });
