import type { RequestContext } from '../context.ts';
import { openRowCursor } from '../exports/cursor-rows.ts';
import type { ExportFile } from '../exports/export-reply.ts';
import { examRowOrThrow } from './exams.service.ts';
import { rankedAttemptsWithTotalQuery } from './ranks.repository.ts';

/** A ranked attempt with its exam's total marks (for the performance column). */
export type RankedAttemptRow = Awaited<ReturnType<ReturnType<typeof rankedAttemptsWithTotalQuery>['execute']>>[number];

/**
 * GET /api/admin/exams/{examId}/results/export.csv and .xlsx: every student ranked by the exam's
 * last rank sync, best first (the Analytics tab shows the first 100); an exam never synced has none.
 */
export async function exportExamResults(ctx: RequestContext, { examId }: { examId: string }): Promise<ExportFile<RankedAttemptRow>> {
  const exam = await examRowOrThrow(ctx.db, examId);
  return {
    name: 'exam-results',
    sheet: 'Results',
    columns: new URL('./exam-results-export-columns.ts', import.meta.url),
    batches: await openRowCursor(ctx.db, rankedAttemptsWithTotalQuery(ctx.db, exam)),
  };
}
