import { AppError } from '../errors.ts';
import type { RequestContext } from '../context.ts';
import type { BulkStepFn } from './bulk-resource.ts';
import { retryOnceIfStale } from './stale-retry.ts';

/** What publish and unpublish read of a record from its editor's GET. */
export interface VisibleRecord {
  isVisible: boolean;
  isPublished: boolean;
  publishWarnings: string[];
  /** Why a visible record with no warnings is not shown yet (an exam scheduled for later), if it can be. */
  publishMessage?: string;
  version: number;
}

/** What a publish-by-saving resource's editor offers: its GET and its save (PUT), as the console calls them. */
export interface VisibilityEditor<Record extends VisibleRecord> {
  read(ctx: RequestContext, id: string): Promise<Record>;
  /** Saves the record as read, with only `isVisible` changed, at its version (a stale version refuses with `stale`). */
  save(
    ctx: RequestContext,
    id: string,
    record: Record,
    isVisible: boolean,
  ): Promise<{ isPublished: boolean; publishWarnings: string[]; publishMessage?: string }>;
  /** The refusal when warnings keep it offline, e.g. "The lecture stays offline". */
  offline: string;
}

/**
 * Publish and unpublish for records shown to students by saving them visible (the editor's switch):
 * the editor's own save runs with its rules, so a record that its warnings keep offline is refused
 * before anything is saved, naming them. A record already as asked is done without a save.
 */
export function visibilitySteps<Record extends VisibleRecord>(editor: VisibilityEditor<Record>): { publish: BulkStepFn; unpublish: BulkStepFn } {
  const step =
    (visible: boolean): BulkStepFn =>
    (ctx, row) =>
      retryOnceIfStale(async () => {
        const record = await editor.read(ctx, row.id);
        // Visible with nothing keeping it offline is as published as it can be (a scheduled exam waits for its time).
        if (visible && record.isVisible && record.publishWarnings.length === 0)
          return { note: record.isPublished ? 'Already published' : record.publishMessage || 'Already published' };
        if (!visible && !record.isVisible) return { note: 'Already unpublished' };
        if (visible && record.publishWarnings.length > 0) throw new AppError('has-warnings', editor.offline, { warnings: record.publishWarnings });
        const saved = await editor.save(ctx, row.id, record, visible);
        if (visible && !saved.isPublished && saved.publishWarnings.length > 0) {
          // Something changed between the read and the save: the row is saved visible, offline, as the editor would leave it.
          throw new AppError('has-warnings', `${editor.offline} (saved as visible)`, { warnings: saved.publishWarnings });
        }
        return saved.publishMessage ? { note: saved.publishMessage } : undefined;
      });
  return { publish: step(true), unpublish: step(false) };
}
