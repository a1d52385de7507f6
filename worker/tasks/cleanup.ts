import type { Task } from 'graphile-worker';
import { INVITE_KEEP_DAYS } from '../../shared/auth/accounts.schema.ts';
import { deleteStaleSessions } from '../../server/auth/auth.repository.ts';
import { deleteOldRecoveryCodes } from '../../server/auth/recovery.repository.ts';
import { removeExpiredUploads } from '../cleanup/resumable-cleanup.ts';
import { createResumableStore } from '../../server/assets/resumable-store.ts';
import { removeOrphanedFiles } from '../cleanup/storage-cleanup.ts';
import type { Db } from '../../server/db/database.ts';
import { LONG_STATEMENT_TIMEOUTS_MS, withLongStatements } from '../../server/db/statement-timeout.ts';
import { deleteExpiredRateLimits } from '../../server/rate-limit/rate-limit.service.ts';
import { deleteOldInvites } from '../../server/users/accounts.repository.ts';
import type { WorkerDeps } from '../deps.ts';
import { taskPayload } from './payload.ts';
import { removeStaleWorkspaces } from '../media/workspace.ts';

/**
 * Hourly: forgets expired rate-limit windows, ended sessions, old recovery codes and staff
 * invitations used or expired more than INVITE_KEEP_DAYS ago, removes the
 * media workspaces of processes that died, removes resumable uploads older than their keep period
 * (UNFINISHED_UPLOAD_KEEP_MS), and reconciles storage with the database (stored files no row
 * refers to, unfinished writes). `now` is the clock (tests move it forward).
 */
export function cleanup(deps: WorkerDeps, options: { now?: () => Date } = {}): Task {
  const clock = options.now ?? (() => new Date());
  return async (rawPayload, helpers) => {
    taskPayload('cleanup', rawPayload);
    // After a flood of sign-in attempts an hour's expired windows can be millions of rows: each
    // delete runs in its own transaction, under the housekeeping bound rather than a request's.
    const housekeeping = <T>(work: (db: Db) => Promise<T>) => withLongStatements(deps.db, LONG_STATEMENT_TIMEOUTS_MS.housekeeping, work);
    const rateLimits = await housekeeping(deleteExpiredRateLimits);
    const sessions = await housekeeping(deleteStaleSessions);
    const tokens = await housekeeping(deleteOldRecoveryCodes);
    const invites = await housekeeping((db) => deleteOldInvites(db, INVITE_KEEP_DAYS));
    const workspaces = await removeStaleWorkspaces();
    const resumable = createResumableStore(deps.config, deps.storage);
    let uploads;
    try {
      uploads = await removeExpiredUploads({ db: deps.db, resumable }, clock());
    } finally {
      resumable.close();
    }
    const storage = await removeOrphanedFiles(deps, clock());
    helpers.logger.info(
      `cleanup: ${rateLimits} rate-limit windows, ${sessions} sessions, ${tokens} recovery codes, ${invites} old invitations, ${workspaces} media workspaces, ` +
        `${uploads.unfinished} expired unfinished uploads (and ${uploads.finished} finished uploads' records), ` +
        `${storage.files} unreferenced stored files, ${storage.unfinishedWrites} unfinished writes and ${storage.expiredClaims} expired upload claims removed`,
    );
  };
}
