import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { DomainRoutes } from '../domain.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import {
  IMPORT_FILE_MESSAGES,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_ROWS,
  LAKSHYA_STUDENT_MESSAGES,
} from '../../shared/lakshya-students/lakshya-students.rules.ts';
import {
  deleteLakshyaStudentsInputSchema,
  importResultSchema,
  lakshyaStudentInputSchema,
  lakshyaStudentsExportQuerySchema,
  lakshyaStudentSchema,
  lakshyaStudentsPageSchema,
  lakshyaStudentsQuerySchema,
} from '../../shared/lakshya-students/lakshya-students.schema.ts';
import { multipartError } from '../assets/multipart.ts';
import { AppError } from '../errors.ts';
import { exportRoutes } from '../exports/export-routes.ts';
import { exportLakshyaStudents } from './lakshya-students-export.ts';
import * as students from './lakshya-students.service.ts';

const tags = ['special students'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const idParams = z.object({ id: z.uuid({ error: LAKSHYA_STUDENT_MESSAGES.notFound }) });
const MAX_CSV_BYTES = MAX_IMPORT_FILE_BYTES;
const UPLOAD = {
  notMultipart: 'Send the file as multipart/form-data in the field csv',
  noFile: 'Choose a CSV file (field csv)',
  oneFile: 'Send one CSV file at a time',
  tooLarge: IMPORT_FILE_MESSAGES.tooLarge,
} as const;

async function uploadedCsv(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported-media-type', UPLOAD.notMultipart);
  let content: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_CSV_BYTES } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'csv') {
        part.file.resume();
        continue;
      }
      if (content) throw new AppError('validation', UPLOAD.oneFile);
      content = await part.toBuffer();
    }
  } catch (error) {
    throw multipartError(error, () => new AppError('too-large', UPLOAD.tooLarge));
  }
  if (!content) throw new AppError('validation', UPLOAD.noFile);
  return content;
}

export const lakshyaStudentsRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/lakshya-students',
    {
      schema: {
        tags,
        summary: 'Special students, newest first unless sorted, a page at a time (filters: name, phoneNumber, registered; sort)',
        querystring: lakshyaStudentsQuerySchema,
        response: { 200: lakshyaStudentsPageSchema, ...errors },
      },
    },
    async (request) => students.listLakshyaStudents(request.ctx, request.query),
  );
  exportRoutes(app, {
    path: '/api/admin/lakshya-students/export',
    tags,
    holds: 'Special students',
    querystring: lakshyaStudentsExportQuerySchema,
    open: exportLakshyaStudents,
  });
  app.post(
    '/api/admin/lakshya-students',
    {
      schema: {
        tags,
        summary: 'Add a special student (the phone number is kept as its 10 digits)',
        body: lakshyaStudentInputSchema,
        response: { 200: lakshyaStudentSchema, ...errors },
      },
    },
    async (request) => students.createLakshyaStudent(request.ctx, request.body),
  );
  app.put(
    '/api/admin/lakshya-students/:id',
    {
      schema: {
        tags,
        summary: 'Change a special student',
        params: idParams,
        body: lakshyaStudentInputSchema,
        response: { 200: lakshyaStudentSchema, ...errors },
      },
    },
    async (request) => students.updateLakshyaStudent(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.delete(
    '/api/admin/lakshya-students',
    {
      schema: {
        tags,
        summary: 'Delete the chosen special students',
        body: deleteLakshyaStudentsInputSchema,
        response: { 200: z.object({ deleted: z.number() }), ...errors },
      },
    },
    async (request) => students.deleteLakshyaStudents(request.ctx, request.body),
  );
  app.post(
    '/api/admin/lakshya-students/upload',
    {
      schema: {
        tags,
        summary: 'Import special students from a CSV (multipart field csv): all rows or none',
        description: `Columns name, phoneNumber, expiryDate (YYYY-MM-DD or DD/MM/YYYY, may be empty). At most ${MAX_IMPORT_ROWS.toLocaleString('en-IN')} rows and 16 MB. Every row is checked (each issue names its row and column; a number twice in the file or already on the list is an issue); with any issue nothing is imported.`,
        consumes: ['multipart/form-data'],
        response: { 200: importResultSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => students.importLakshyaStudents(request.ctx, await uploadedCsv(request)),
  );
  app.get(
    '/api/admin/lakshya-students/download/sample',
    {
      schema: { tags, summary: 'A sample lakshya-students CSV', produces: ['text/csv'], response: { 200: z.string().describe('The sample file'), ...errors } },
    },
    async (_request, reply) =>
      reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="lakshya-students-sample.csv"').send(students.sampleCsv()),
  );
};
