import { performanceOf, round2 } from '../../shared/exams/exam-scoring.rules.ts';
import type { ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';
import type { RequestContext } from '../context.ts';
import { openRowCursor } from '../exports/cursor-rows.ts';
import type { ExportFile } from '../exports/export-reply.ts';
import { examRowOrThrow } from './exams.service.ts';
import { rankedAttemptsQuery } from './ranks.repository.ts';

type RankedAttemptRow = Awaited<ReturnType<ReturnType<typeof rankedAttemptsQuery>['execute']>>[number];

/** The columns of an exam's results: what the Analytics tab's ranking shows, for every ranked student, with the time taken and when it was submitted. */
function resultColumns(totalMarks: number): ReadonlyArray<ExportColumn<RankedAttemptRow>> {
  return [
    { header: 'Rank', kind: 'count', value: (row) => row.rank },
    { header: 'Student', kind: 'text', value: (row) => row.name },
    { header: 'Phone number', kind: 'text', value: (row) => row.phone_number },
    { header: 'Email address', kind: 'text', value: (row) => row.email_address },
    { header: 'Score', kind: 'count', value: (row) => round2(row.score ?? 0) },
    { header: 'Performance (%)', kind: 'count', value: (row) => performanceOf(row.score ?? 0, totalMarks) },
    { header: 'Correct', kind: 'count', value: (row) => row.correct_count ?? 0 },
    { header: 'Wrong', kind: 'count', value: (row) => row.wrong_count ?? 0 },
    { header: 'Unattempted', kind: 'count', value: (row) => row.unattempted_count ?? 0 },
    { header: 'Unseen', kind: 'count', value: (row) => row.unseen_count ?? 0 },
    {
      header: 'Time taken (seconds)',
      kind: 'count',
      value: (row) => (row.submitted_at === null ? null : Math.round((row.submitted_at.getTime() - row.started_at.getTime()) / 1000)),
    },
    { header: 'Submitted at (India time)', kind: 'date', value: (row) => row.submitted_at },
    { header: 'Student id', kind: 'text', value: (row) => row.user_id },
  ];
}

/**
 * GET /api/admin/exams/{examId}/results/export.csv and .xlsx: every student ranked by the exam's
 * last rank sync, best first (the Analytics tab shows the first 100); an exam never synced has none.
 */
export async function exportExamResults(ctx: RequestContext, { examId }: { examId: string }): Promise<ExportFile<RankedAttemptRow>> {
  const exam = await examRowOrThrow(ctx.db, examId);
  return {
    name: 'exam-results',
    sheet: 'Results',
    columns: resultColumns(exam.total_marks),
    batches: await openRowCursor(ctx.db, rankedAttemptsQuery(ctx.db, exam)),
  };
}
