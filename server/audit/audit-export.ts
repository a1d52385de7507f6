import type { z } from 'zod';
import type { auditFilterSchema } from '../../shared/audit/audit-log.schema.ts';
import type { RequestContext } from '../context.ts';
import { openRowCursor } from '../exports/cursor-rows.ts';
import type { ExportFile } from '../exports/export-reply.ts';
import { auditRowsQuery, type AuditLogRow } from './audit-log.repository.ts';
import { auditDirectionOf, rowFilterOf } from './audit-log.service.ts';

/** GET /api/admin/audit/export.csv and .xlsx: the entries the filters show, newest first. */
export async function exportAuditLog(ctx: RequestContext, filter: z.output<typeof auditFilterSchema>): Promise<ExportFile<AuditLogRow>> {
  return {
    name: 'audit-log',
    sheet: 'Audit log',
    columns: new URL('./audit-export-columns.ts', import.meta.url),
    batches: await openRowCursor(ctx.db, auditRowsQuery(ctx.db, rowFilterOf(filter), auditDirectionOf(filter.sort))),
  };
}
