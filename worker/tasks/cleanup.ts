import { sql } from 'kysely';
import type { Task } from 'graphile-worker';
import { deleteStaleSessions } from '../../server/auth/auth.repository.ts';
import { deleteExpiredRateLimits } from '../../server/rate-limit/rate-limit.service.ts';
import type { WorkerDeps } from '../deps.ts';
import { removeStaleWorkspaces } from '../media/workspace.ts';

/** Hourly: forgets expired rate-limit windows, ended sessions and old recovery codes, and the media workspaces of processes that died. */
export function cleanup(deps: WorkerDeps): Task {
  return async (_payload, helpers) => {
    const rateLimits = await deleteExpiredRateLimits(deps.db);
    const sessions = await deleteStaleSessions(deps.db);
    const tokens = await deps.db
      .deleteFrom('recovery_tokens')
      .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
      .executeTakeFirst();
    const workspaces = await removeStaleWorkspaces();
    helpers.logger.info(
      `cleanup: ${rateLimits} rate-limit windows, ${sessions} sessions, ${Number(tokens.numDeletedRows)} recovery codes, ${workspaces} media workspaces removed`,
    );
  };
}
