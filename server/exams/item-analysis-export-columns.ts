import { MAX_OPTION_COUNT } from '../../shared/exams/exam.constants.ts';
import { ITEM_FLAG_LABELS, optionLetter } from '../../shared/exams/item-analysis.rules.ts';
import type { ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';
import type { ItemAnalysisExportRow } from './item-analysis-export.ts';

// Loaded by the export worker (server/exports/export-worker.ts): it imports only types, constants and shared rules.

/** How many chose each option, A to the last an exam may have (empty where the question has fewer). */
const OPTION_COLUMNS: Array<ExportColumn<ItemAnalysisExportRow>> = Array.from({ length: MAX_OPTION_COUNT }, (_, index) => ({
  header: `Chose ${optionLetter(index)}`,
  kind: 'count' as const,
  value: ({ question }: ItemAnalysisExportRow) => question.options[index]?.count ?? null,
}));

/** The columns of an item analysis: what the Analytics tab shows of each question, shares as fractions of 1. */
const ITEM_ANALYSIS_COLUMNS: ReadonlyArray<ExportColumn<ItemAnalysisExportRow>> = [
  { header: 'Number', kind: 'count', value: ({ question }) => question.number },
  { header: 'Question id', kind: 'text', value: ({ question }) => question.resId },
  { header: 'Group', kind: 'text', value: ({ question }) => question.group },
  { header: 'Question', kind: 'text', value: ({ question }) => question.excerpt },
  { header: 'Voided', kind: 'text', value: ({ question }) => (question.isVoided ? 'yes' : 'no') },
  { header: 'Correct option', kind: 'text', value: ({ question }) => (question.correctAnswerIndex >= 0 ? optionLetter(question.correctAnswerIndex) : null) },
  { header: 'Students', kind: 'count', value: ({ question }) => question.students },
  { header: 'Facility', kind: 'count', value: ({ question }) => question.facility },
  { header: 'Discrimination', kind: 'count', value: ({ question }) => question.discrimination },
  ...OPTION_COLUMNS,
  { header: 'Unattempted', kind: 'count', value: ({ question }) => question.unattempted },
  { header: 'Unattempted share', kind: 'count', value: ({ question }) => question.unattemptedShare },
  {
    header: 'Average time (seconds)',
    kind: 'count',
    value: ({ question }) => (question.averageTimeMs === null ? null : Math.round(question.averageTimeMs / 100) / 10),
  },
  { header: 'Flags', kind: 'text', value: ({ question }) => question.flags.map((flag) => ITEM_FLAG_LABELS[flag]).join('; ') },
  { header: 'Open reports', kind: 'count', value: ({ question }) => question.openReports },
];

export default ITEM_ANALYSIS_COLUMNS;
