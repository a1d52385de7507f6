import type { ItemAnalysisQuestion } from '../../shared/exams/item-analysis.schema.ts';
import type { RequestContext } from '../context.ts';
import { openRowCursor } from '../exports/cursor-rows.ts';
import type { ExportFile } from '../exports/export-reply.ts';
import { itemAnalysisRowsQuery } from './item-analysis.repository.ts';
import { itemAnalysis } from './item-analysis.service.ts';

/** A row of the export: one question of the analysis. */
export interface ItemAnalysisExportRow {
  question: ItemAnalysisQuestion;
}

/**
 * GET /api/admin/exams/{examId}/item-analysis/export.csv and .xlsx: the item analysis, a row a
 * question in the order the Analytics tab lists them. The figures are worked out once, here; the
 * export worker reads them back as rows of one JSON parameter (a question a row), so the file holds
 * exactly what the analysis answers.
 */
export async function exportItemAnalysis(ctx: RequestContext, { examId }: { examId: string }): Promise<ExportFile<ItemAnalysisExportRow>> {
  const analysis = await itemAnalysis(ctx, { examId });
  const query = itemAnalysisRowsQuery<ItemAnalysisExportRow>(ctx.db, analysis.questions);
  return {
    name: 'item-analysis',
    sheet: 'Item analysis',
    columns: new URL('./item-analysis-export-columns.ts', import.meta.url),
    batches: await openRowCursor(ctx.db, query),
  };
}
