import type { RequestContext } from '../context.ts';
import type { BulkStepFn } from './bulk-resource.ts';
import { retryOnceIfStale } from './stale-retry.ts';

/** What activate and deactivate read of a record from its editor's GET. */
export interface SwitchedRecord {
  isActive: boolean;
  version: number;
}

/** What a switched-on-and-off resource's editor offers: its GET and its save, as the console calls them. */
export interface SwitchEditor<Record extends SwitchedRecord> {
  read(ctx: RequestContext, id: string): Promise<Record>;
  /** Saves the record as read, with only `isActive` changed, at its version (a stale version refuses with `stale`). */
  save(ctx: RequestContext, id: string, record: Record, isActive: boolean): Promise<unknown>;
}

/**
 * Activate and deactivate for records switched on and off in their editor (coupons): the editor's
 * own save runs with its rules and refusals. A record already as asked is done without a save.
 */
export function switchSteps<Record extends SwitchedRecord>(editor: SwitchEditor<Record>): { activate: BulkStepFn; deactivate: BulkStepFn } {
  const step =
    (active: boolean): BulkStepFn =>
    (ctx, row) =>
      retryOnceIfStale(async () => {
        const record = await editor.read(ctx, row.id);
        if (record.isActive === active) return { note: active ? 'Already active' : 'Already inactive' };
        await editor.save(ctx, row.id, record, active);
      });
  return { activate: step(true), deactivate: step(false) };
}
