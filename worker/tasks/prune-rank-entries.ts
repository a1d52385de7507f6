import { z } from 'zod';
import type { Task } from 'graphile-worker';
import { pruneRankEntries } from '../../server/exams/ranks.service.ts';
import type { WorkerDeps } from '../deps.ts';

const payloadSchema = z.object({ examId: z.uuid() });

/** Removes the rank versions an exam no longer points at, after a sync wrote a new one. */
export function pruneRankEntriesTask(deps: WorkerDeps): Task {
  return async (rawPayload, helpers) => {
    const { examId } = payloadSchema.parse(rawPayload);
    const removed = await pruneRankEntries(deps.db, examId);
    if (removed > 0) helpers.logger.info(`removed ${removed} old rank entries of exam ${examId}`);
  };
}
