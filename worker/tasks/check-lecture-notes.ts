import type { Task } from 'graphile-worker';
import { checkLectureNotes } from '../../server/pending-pdf/pending-pdf.service.ts';
import type { WorkerDeps } from '../deps.ts';
import { taskPayload } from './payload.ts';

/** Hourly: finds the lectures' PDF notes whose file is gone, for the pending-PDF report. */
export function checkLectureNotesTask(deps: WorkerDeps): Task {
  return async (rawPayload, helpers) => {
    taskPayload('check-lecture-notes', rawPayload);
    const { notes, missing } = await checkLectureNotes(deps);
    helpers.logger.info(`checked ${notes} lecture notes: ${missing} missing`);
  };
}
