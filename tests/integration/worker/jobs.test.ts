import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { SCHEDULE, TASK_NAMES, jobKey } from '../../../shared/jobs/tasks.ts';
import { enqueue, removeJob, removeWaitingJobs } from '../../../server/jobs/enqueue.ts';
import { scheduledJobs } from '../../../worker/index.ts';
import { taskPayload } from '../../../worker/tasks/payload.ts';
import { down as renameBack, up as renameKeys } from '../../../migrations/202611241000_job_keys_named_by_task.ts';
import { useDatabase } from '../../support/app-harness.ts';

const database = useDatabase();
beforeEach(async () => {
  await sql`delete from graphile_worker._private_jobs`.execute(database.db);
});

interface JobRow {
  key: string | null;
  payload: Record<string, unknown>;
  run_at: Date;
  priority: number;
  max_attempts: number;
}
async function jobs(): Promise<JobRow[]> {
  return (await sql<JobRow>`select key, payload, run_at, priority, max_attempts from graphile_worker._private_jobs order by id`.execute(database.db)).rows;
}

describe('enqueue', () => {
  it('keys a job <task>:<id> and keeps its options', async () => {
    const assetId = randomUUID();
    await enqueue(database.db, 'process-media', { assetId }, { keyId: assetId, priority: 5, maxAttempts: 4 });
    expect(await jobs()).toMatchObject([{ key: `process-media:${assetId}`, payload: { assetId }, priority: 5, max_attempts: 4 }]);
    expect(jobKey('deliver-message', 'abc')).toBe('deliver-message:abc');
  });

  it("refuses a payload its task's schema does not accept, adding nothing", async () => {
    await expect(enqueue(database.db, 'process-media', { assetId: 'not-a-uuid' })).rejects.toThrow();
    expect(await jobs()).toEqual([]);
  });

  it('adds nothing when the transaction around it rolls back', async () => {
    const messageId = randomUUID();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueue(trx, 'deliver-message', { messageId }, { keyId: messageId });
        expect((await sql<{ n: number }>`select count(*)::int as n from graphile_worker.jobs`.execute(trx)).rows[0]!.n).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobs()).toEqual([]);
  });

  it('replace: a second job with the key takes the new run time', async () => {
    const id = randomUUID();
    const later = new Date(Date.now() + 3_600_000);
    await enqueue(database.db, 'process-media', { assetId: id }, { keyId: id, runAt: later });
    await enqueue(database.db, 'process-media', { assetId: id }, { keyId: id, keyMode: 'replace' });
    const [job] = await jobs();
    expect((await jobs()).length).toBe(1);
    expect(job!.run_at.getTime()).toBeLessThan(later.getTime() - 60_000);
  });

  it('preserve_run_at: a second job with the key keeps the first one’s run time', async () => {
    const id = randomUUID();
    const later = new Date(Date.now() + 3_600_000);
    await enqueue(database.db, 'process-media', { assetId: id }, { keyId: id, runAt: later, keyMode: 'preserve_run_at' });
    await enqueue(database.db, 'process-media', { assetId: id }, { keyId: id, keyMode: 'preserve_run_at', priority: 3 });
    const all = await jobs();
    expect(all.length).toBe(1);
    expect(all[0]!.run_at.getTime()).toBe(later.getTime());
    expect(all[0]!.priority).toBe(3);
  });

  it('unsafe_dedupe: the first job stays as it was', async () => {
    const id = randomUUID();
    await enqueue(database.db, 'process-media', { assetId: id }, { keyId: id, priority: 1, keyMode: 'unsafe_dedupe' });
    await enqueue(database.db, 'process-media', { assetId: id }, { keyId: id, priority: 9, keyMode: 'unsafe_dedupe' });
    expect((await jobs()).map((job) => job.priority)).toEqual([1]);
  });

  it('removes waiting jobs of a task, by id or all, leaving one a worker holds', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of [a, b, c]) await enqueue(database.db, 'process-media', { assetId: id }, { keyId: id });
    const message = randomUUID();
    await enqueue(database.db, 'deliver-message', { messageId: message }, { keyId: message });
    await sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'w' where key = ${jobKey('process-media', c)}`.execute(database.db);
    expect(await removeWaitingJobs(database.db, 'process-media', [a])).toBe(1);
    expect(await removeWaitingJobs(database.db, 'process-media')).toBe(1);
    expect((await jobs()).map((job) => job.key).sort()).toEqual([jobKey('deliver-message', message), jobKey('process-media', c)].sort());
    await removeJob(database.db, 'deliver-message', message);
    expect((await jobs()).map((job) => job.key)).toEqual([jobKey('process-media', c)]);
  });
});

describe('tasks and schedule', () => {
  it('runs every scheduled task under its own explicit id', () => {
    const parsed = scheduledJobs();
    expect(parsed.map((item) => item.identifier)).toEqual(SCHEDULE.map((entry) => entry.id));
    expect(parsed.map((item) => item.task)).toEqual(['cleanup', 'check-lecture-notes', 'reconcile-payments', 'submit-overdue-attempts', 'encrypt-videos']);
    for (const entry of SCHEDULE) expect(TASK_NAMES).toContain(entry.task);
  });

  it('fails a job with a wrong payload, saying what is wrong', () => {
    expect(() => taskPayload('deliver-message', { messageId: 42 })).toThrow(/The deliver-message job has a wrong payload: .*messageId/);
    expect(taskPayload('cleanup', { _cron: { ts: '2026-11-24T00:17:00Z' } })).toEqual({});
  });
});

describe('the key migration', () => {
  it('renames media:<id> keys of waiting jobs to process-media:<id>, and back', async () => {
    const id = randomUUID();
    await sql`select graphile_worker.add_job('process-media', json_build_object('assetId', ${id}::text), job_key => ${`media:${id}`})`.execute(database.db);
    await renameKeys(database.db);
    expect((await jobs()).map((job) => job.key)).toEqual([`process-media:${id}`]);
    await renameBack(database.db);
    expect((await jobs()).map((job) => job.key)).toEqual([`media:${id}`]);
  });
});
