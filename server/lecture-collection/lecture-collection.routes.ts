import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import {
  collectionOrderInputSchema,
  collectionTitleInputSchema,
  lectureCollectionSchema,
  studentCollectionSchema,
} from '../../shared/lectures/lecture-collection.schema.ts';
import * as collection from './lecture-collection.service.ts';

const idParams = z.object({ id: z.uuid({ error: 'Lecture not found' }) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['custom lecture collection'];
const answer = { 200: lectureCollectionSchema, ...errors };

export const lectureCollectionRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/custom-lectures',
    { schema: { tags, summary: 'The custom lecture collection: its title and lectures in order', response: answer } },
    async (request) => collection.getCollection(request.ctx),
  );
  app.post(
    '/api/admin/lecture/add/lecture-collection/:id',
    { schema: { tags, summary: 'Add a lecture at the end of the collection (adding it again changes nothing)', params: idParams, response: answer } },
    async (request) => collection.addToCollection(request.ctx, request.params),
  );
  app.post(
    '/api/admin/lecture/remove/lecture-collection/:id',
    { schema: { tags, summary: 'Remove a lecture from the collection', params: idParams, response: answer } },
    async (request) => collection.removeFromCollection(request.ctx, request.params),
  );
  app.post(
    '/api/admin/lecture/update/lecture-collection/title',
    { schema: { tags, summary: 'Rename the collection', body: collectionTitleInputSchema, response: answer } },
    async (request) => collection.renameCollection(request.ctx, request.body),
  );
  app.post(
    '/api/admin/lecture/update/lecture-collection/order',
    {
      schema: {
        tags,
        summary: 'Put the collection in a new order',
        description:
          'Send every lecture of the collection once, in the new order; an order missing a lecture or naming one that is not in it answers 409 (reload and try again).',
        body: collectionOrderInputSchema,
        response: answer,
      },
    },
    async (request) => collection.reorderCollection(request.ctx, request.body),
  );
};

export const studentLectureCollectionRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/custom-lectures',
    {
      schema: {
        tags: ['student courses'],
        summary: "The custom collection's published lectures in order, with whether the student may watch each",
        response: { 200: studentCollectionSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => collection.studentCollection(request.ctx),
  );
};
