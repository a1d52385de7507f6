import { z } from 'zod';
import { createLectureInputSchema, saveLectureInputSchema } from '../../shared/lectures/lectures.schema.ts';
import { bulkProcedure } from '../bulk/bulk-routes.ts';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import { lecturesBulk } from './lectures.bulk.ts';
import * as lectures from './lectures.service.ts';

const byId = z.object({ id: z.uuid({ error: 'Lecture not found' }) });

export const lecturesRouter = ({ procedure }: ScreenProcedures) =>
  router({
    list: procedure.query(({ ctx }) => lectures.listLectures(ctx)),
    get: procedure.input(byId).query(({ ctx, input }) => lectures.getLecture(ctx, input)),
    create: procedure.input(createLectureInputSchema).mutation(({ ctx, input }) => lectures.createLecture(ctx, input)),
    save: procedure.input(byId.extend(saveLectureInputSchema.shape)).mutation(({ ctx, input }) => lectures.saveLecture(ctx, input)),
    delete: procedure.input(byId).mutation(({ ctx, input }) => lectures.deleteLecture(ctx, input)),
    educators: procedure.query(({ ctx }) => lectures.listLectureEducators(ctx)),
    bulk: bulkProcedure(procedure, lecturesBulk),
    attachedCourses: procedure.input(byId).query(({ ctx, input }) => lectures.attachedCourses(ctx, input)),
  });
