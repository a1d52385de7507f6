import type { z } from 'zod';
import { BULK_MATCHING_LIMIT, type BulkInput, type BulkResult, type BulkRowResult } from '../../shared/bulk/bulk.schema.ts';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { BulkResource, BulkRow, BulkStepFn } from './bulk-resource.ts';

const MISSING = 'Not found: it was deleted, or the id is wrong';
const FAILED = 'The action failed on this row: try again';

function formatCount(count: number): string {
  return count.toLocaleString('en-IN');
}

/** The rows a request names: its ids (unknown ones kept as missing), or every row its filter matches. */
async function chosenRows<Filter extends z.ZodType>(
  ctx: RequestContext,
  resource: BulkResource<Filter>,
  input: BulkInput<z.output<Filter>>,
): Promise<Array<BulkRow & { found: boolean }>> {
  if (input.ids) {
    const found = new Map((await resource.findRows(ctx, input.ids)).map((row) => [row.id, row]));
    return [...new Set(input.ids)].map((id) => {
      const row = found.get(id);
      return row ? { ...row, found: true } : { id, title: '', found: false };
    });
  }
  const rows = await resource.listMatching(ctx, input.matching as z.output<Filter>, BULK_MATCHING_LIMIT + 1);
  if (rows.length > BULK_MATCHING_LIMIT) {
    throw new AppError(
      'validation',
      `The filter matches more than ${formatCount(BULK_MATCHING_LIMIT)} ${resource.noun}: narrow it, a bulk action takes at most ${formatCount(BULK_MATCHING_LIMIT)} rows`,
      { field: 'matching' },
    );
  }
  return rows.map((row) => ({ ...row, found: true }));
}

/** A refusal's text: the service's message, then what blocks the action (its warnings), each said once. */
function refusalMessage(error: AppError): string {
  const warnings = (error.warnings ?? []).filter((warning) => warning !== error.message);
  return warnings.length ? `${error.message}: ${warnings.join('; ')}` : error.message;
}

async function runStep(ctx: RequestContext, step: BulkStepFn, row: BulkRow): Promise<BulkRowResult> {
  try {
    const answer = await step(ctx, row);
    return { id: row.id, title: row.title, outcome: 'done', ...(answer?.note ? { message: answer.note } : {}) };
  } catch (error) {
    if (error instanceof AppError) {
      if (error.kind === 'not-found') return { id: row.id, title: row.title, outcome: 'missing', message: MISSING };
      return { id: row.id, title: row.title, outcome: 'refused', message: refusalMessage(error) };
    }
    // A fault of ours on one row: it is reported and logged, and the other rows still get their turn.
    ctx.log.error({ err: error, rowId: row.id }, 'bulk action failed on a row');
    return { id: row.id, title: row.title, outcome: 'refused', message: FAILED };
  }
}

/**
 * Runs a bulk request: the rows are taken in the order of their ids (the same order for every
 * request, whatever order the ids came in), and each goes through the list's single action on
 * its own, so one refused row changes nothing else.
 */
export async function runBulk<Filter extends z.ZodType>(
  ctx: RequestContext,
  resource: BulkResource<Filter>,
  input: BulkInput<z.output<Filter>>,
): Promise<BulkResult> {
  const step = resource.actions[input.action];
  if (!step) throw new AppError('validation', `These ${resource.noun} have no ${input.action} action`, { field: 'action' });
  const rows = (await chosenRows(ctx, resource, input)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const results: BulkRowResult[] = [];
  for (const row of rows) {
    results.push(row.found ? await runStep(ctx, step, row) : { id: row.id, title: '', outcome: 'missing', message: MISSING });
  }
  const count = (outcome: BulkRowResult['outcome']) => results.filter((result) => result.outcome === outcome).length;
  return { results, done: count('done'), refused: count('refused'), missing: count('missing') };
}
