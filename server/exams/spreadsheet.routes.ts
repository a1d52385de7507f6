import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorResponses, routeOptions } from '../http/route-options.ts';
import type { FastifyRequest } from 'fastify';
import {
  SPREADSHEET_FIELD,
  SPREADSHEET_UPLOAD_MESSAGES as UPLOAD_MESSAGES,
  spreadsheetImportResultSchema,
  spreadsheetSampleQuerySchema,
  spreadsheetUploadQuerySchema,
} from '../../shared/exams/spreadsheet.schema.ts';
import { SPREADSHEET_MAX_BYTES, SPREADSHEET_MAX_MB } from '../../shared/exams/spreadsheet.rules.ts';
import { AppError } from '../errors.ts';
import { multipartError } from '../assets/multipart.ts';
import { importQuestionSpreadsheet, sampleSpreadsheet } from './spreadsheet/spreadsheet-import.service.ts';
import { MAX_XLSX_PART_MB, MAX_XLSX_UNPACKED_MB } from './spreadsheet/xlsx-rows.ts';

const exams = routeOptions(['exams'], errorResponses(400, 401, 403));
const upload = routeOptions(['exams'], errorResponses(400, 401, 403, 413, 415));

/** The one spreadsheet of the request, read into memory up to the size limit; other parts are skipped. */
async function uploadedSpreadsheet(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported-media-type', UPLOAD_MESSAGES.notMultipart);
  let content: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: SPREADSHEET_MAX_BYTES } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== SPREADSHEET_FIELD) {
        part.file.resume();
        continue;
      }
      if (content) throw new AppError('validation', UPLOAD_MESSAGES.oneFile);
      content = await part.toBuffer();
    }
  } catch (error) {
    // The product's own words for every failure of the form data (a limit, a bad boundary, a cut-off body).
    throw multipartError(error, () => new AppError('too-large', UPLOAD_MESSAGES.tooLarge));
  }
  if (!content) throw new AppError('validation', UPLOAD_MESSAGES.noFile);
  return content;
}

export const examSpreadsheetRoutes: DomainRoutes = async (app) => {
  app.post(
    '/api/exams/upload/spreadsheet',
    upload({
      summary: 'Check a question spreadsheet (XLSX or CSV, multipart field csv) and answer the question groups it holds',
      description:
        'Columns: Group, Question, Option 1 to Option 4 (Option 5 to Option 10 optional), Answer, Tag 1 to Tag 5 (optional), ' +
        'and Solution for the with-solution template. With answerInIndex=true the Answer is the option number counted from 1, ' +
        'otherwise the text of the correct option. Every issue names its row (the header is row 1) and column; the console ' +
        `imports the output only when hasIssues is false. Nothing is stored. At most ${SPREADSHEET_MAX_MB} MB (413 above) and 5,000 questions ` +
        `(400 "too many rows" above); a workbook that unpacks to more than ${MAX_XLSX_UNPACKED_MB} MB, or ${MAX_XLSX_PART_MB} MB in one part, answers 413; ` +
        'a file that is neither XLSX nor UTF-8 CSV, or cannot be read, answers 400.',
      querystring: spreadsheetUploadQuerySchema,
      consumes: ['multipart/form-data'],
      ok: spreadsheetImportResultSchema,
    }),
    async (request) => {
      const content = await uploadedSpreadsheet(request);
      return importQuestionSpreadsheet({ content, ...request.query }, { log: request.log });
    },
  );

  app.get(
    '/api/exams/download/sample/spreadsheet',
    exams({
      summary: 'Download a sample question spreadsheet of a template (XLSX, or CSV with format=csv)',
      description:
        'A workbook with the header row and a few example questions (one in Malayalam) on its first sheet and how to fill it in on the second. ' +
        'answerInIndex=true writes answers as option numbers, otherwise as option texts. The CSV is UTF-8 with a byte-order mark.',
      querystring: spreadsheetSampleQuerySchema,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
      // A Buffer is sent as it is; this schema only documents the answer.
      ok: z.unknown().describe('The sample file'),
    }),
    async (request, reply) => {
      const file = await sampleSpreadsheet(request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
};
