import type { z } from 'zod';
import type { Ability } from '../../shared/auth/roles.ts';
import type { BulkAction } from '../../shared/bulk/bulk.schema.ts';
import type { RequestContext } from '../context.ts';

/** A row a bulk action is about: its id and the title the result shows. */
export interface BulkRow {
  id: string;
  title: string;
}

/**
 * What an action did to a row it did not refuse: nothing more to say, or a note such as
 * "Already published" when the row was already as asked (a retried request changes nothing).
 */
export type BulkStep = { note?: string } | void;

/**
 * One action on one row. It must call the very service function the list's single action calls
 * (so its rules, refusals and records apply) and refuse by throwing that function's AppError:
 * a not-found error makes the row `missing`, any other AppError makes it `refused` with its message
 * (and warnings). It runs its own transaction, so a refused row changes nothing.
 */
export type BulkStepFn = (ctx: RequestContext, row: BulkRow) => Promise<BulkStep>;

/**
 * A list that takes bulk actions. To add one: describe it here (in the domain's `<name>.bulk.ts`),
 * then give its domain `bulkRoutes(path, resource)` among its routes and `bulk: bulkProcedure(procedure, resource)`
 * in its router; the console's list passes the same filter it shows to `BulkActions`.
 */
export interface BulkResource<Filter extends z.ZodType = z.ZodType> {
  /** What the rows are, for the OpenAPI text: "lectures". */
  noun: string;
  /** The list's filter, as `matching` carries it. */
  filter: Filter;
  /** The rows with these ids that exist (any order). */
  findRows(ctx: RequestContext, ids: readonly string[]): Promise<BulkRow[]>;
  /**
   * The rows the list shows for this filter, found with the list's own query; it may stop after
   * `limit` rows (the caller refuses a filter matching more than `limit - 1`).
   */
  listMatching(ctx: RequestContext, filter: z.output<Filter>, limit: number): Promise<BulkRow[]>;
  /**
   * The actions the list has (publish/unpublish/delete, or activate/deactivate/delete for rows
   * switched on and off; their labels are in `BULK_ACTION_LABELS`); a request for another is refused
   * (400, field `action`).
   */
  actions: Partial<Record<BulkAction, BulkStepFn>>;
  /** The ability the list's single actions need beyond its screen (courses: `editCourses`), if any. */
  ability?: Ability;
}
