import { z } from 'zod';
import { binaryResponse, storedFileResponses } from '../http/binary-responses.ts';
import { errorResponses } from '../http/route-options.ts';
import { sendStoredFile } from '../assets/send-stored-file.ts';
import type { DomainRoutes } from '../domain.ts';
import { coursePreviewVideo } from './course-preview.ts';

/** A course's preview video, for signed-in students (the student apps' REST layer). */
export const coursePreviewRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/courses/:courseId/preview-video',
    {
      schema: {
        tags: ['student courses'],
        summary: "A course's preview video (its uploaded file), for any signed-in student who may read the course, bought or not",
        description: 'Answers HTTP Range requests (206) and ETag revalidation (304); 404 when the course has no preview video or is not open to the student.',
        params: z.object({ courseId: z.string().max(100) }),
        response: {
          200: binaryResponse('The video file', 'video/mp4', 'video/webm', 'video/quicktime'),
          ...storedFileResponses('video/mp4', 'video/webm', 'video/quicktime'),
          ...errorResponses(401, 404, 416),
        },
      },
    },
    async (request, reply) => sendStoredFile(request, reply, await coursePreviewVideo(request.ctx, request.params)),
  );
};
