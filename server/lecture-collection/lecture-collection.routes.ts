import { studentPageQuerySchema } from '../../shared/validation/paging.ts';
import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorResponses, routeOptions } from '../http/route-options.ts';
import {
  collectionOrderInputSchema,
  collectionTitleInputSchema,
  lectureCollectionSchema,
  studentCollectionSchema,
} from '../../shared/lectures/lecture-collection.schema.ts';
import * as collection from './lecture-collection.service.ts';

const idParams = z.object({ id: z.uuid({ error: 'Lecture not found' }) });
const admin = routeOptions(['custom lecture collection']);
const student = routeOptions(['student courses'], errorResponses(401, 403));

export const lectureCollectionRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/custom-lectures',
    admin({ summary: 'The custom lecture collection: its title and lectures in order', ok: lectureCollectionSchema }),
    async (request) => collection.getCollection(request.ctx),
  );
  app.post(
    '/api/admin/lecture/add/lecture-collection/:id',
    admin({ summary: 'Add a lecture at the end of the collection (adding it again changes nothing)', params: idParams, ok: lectureCollectionSchema }),
    async (request) => collection.addToCollection(request.ctx, request.params),
  );
  app.post(
    '/api/admin/lecture/remove/lecture-collection/:id',
    admin({ summary: 'Remove a lecture from the collection', params: idParams, ok: lectureCollectionSchema }),
    async (request) => collection.removeFromCollection(request.ctx, request.params),
  );
  app.post(
    '/api/admin/lecture/update/lecture-collection/title',
    admin({ summary: 'Rename the collection', body: collectionTitleInputSchema, ok: lectureCollectionSchema }),
    async (request) => collection.renameCollection(request.ctx, request.body),
  );
  app.post(
    '/api/admin/lecture/update/lecture-collection/order',
    admin({
      summary: 'Put the collection in a new order',
      description:
        'Send every lecture of the collection once, in the new order; an order missing a lecture or naming one that is not in it answers 409 (reload and try again).',
      body: collectionOrderInputSchema,
      ok: lectureCollectionSchema,
    }),
    async (request) => collection.reorderCollection(request.ctx, request.body),
  );
};

export const studentLectureCollectionRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/custom-lectures',
    student({
      summary: "The custom collection's published lectures in order, with whether the student may watch each",
      description: 'Pages of `pageSize` lectures (20 unless asked, at most 100), with `total`, and the collection’s `title`.',
      querystring: studentPageQuerySchema(),
      ok: studentCollectionSchema,
    }),
    async (request) => collection.studentCollection(request.ctx, request.query),
  );
};
