import { performanceOf, round2 } from '../../shared/exams/exam-scoring.rules.ts';
import type { ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';
import type { RankedAttemptRow } from './exam-results-export.ts';

// Loaded by the export worker (server/exports/export-worker.ts): it imports only types and shared rules.

/** The columns of an exam's results: what the Analytics tab's ranking shows, for every ranked student, with the time taken and when it was submitted. */
const RESULT_COLUMNS: ReadonlyArray<ExportColumn<RankedAttemptRow>> = [
  { header: 'Rank', kind: 'count', value: (row) => row.rank },
  { header: 'Student', kind: 'text', value: (row) => row.name },
  { header: 'Phone number', kind: 'text', value: (row) => row.phone_number },
  { header: 'Email address', kind: 'text', value: (row) => row.email_address },
  { header: 'Score', kind: 'count', value: (row) => round2(row.score ?? 0) },
  { header: 'Performance (%)', kind: 'count', value: (row) => performanceOf(row.score ?? 0, row.exam_total_marks) },
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

export default RESULT_COLUMNS;
