import { promises as fs } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import { runMigrations as runWorkerMigrations } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.ts';
import { MIGRATIONS_DIR, migrateToLatest } from '../../../server/db/migrate.ts';
import { emptyDatabase } from '../../support/empty-database.ts';

describe('the media priority classes migration (202612050300)', () => {
  it('maps the old trigger/editor/pull priorities into classes, and gives waiting jobs their item’s new priority', async () => {
    const database = await emptyDatabase('media_priority_migration');
    const handle = openDatabase(database.url, 2);
    try {
      const migrator = new Migrator({ db: handle.db, provider: new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_DIR }) });
      expect((await migrator.migrateTo('202612040200_exam_key_reports')).error).toBeUndefined();
      await runWorkerMigrations({ pgPool: handle.pool });

      const item = async (name: string, state: string, priority: number, outputs: boolean) => {
        const [asset] = (
          await sql<{ id: string }>`insert into assets (file_name, content_type, kind, access_mode, size_in_bytes, sha256, storage_key, output_prefix)
            values (${name}, 'application/pdf', 'pdf', 'private', 1, 'x', ${`assets/${name}`}, ${outputs ? `assets/${name}/out/v1/` : null}) returning id`.execute(
            handle.db,
          )
        ).rows;
        await sql`insert into queue_items (asset_id, title, type, state, priority) values (${asset!.id}, ${name}, 'pdf', ${state}, ${priority})`.execute(
          handle.db,
        );
        await sql`select graphile_worker.add_job('process-media', json_build_object('assetId', ${asset!.id}::text), job_key => ${`process-media:${asset!.id}`}, priority => ${priority})`.execute(
          handle.db,
        );
        return asset!.id;
      };
      const triggered = await item('triggered', 'queued', 0, false);
      const fromEditor = await item('editor', 'queued', 5, false);
      const pulledAgain = await item('pulled-again', 'queued', 10, true);
      const finished = await item('finished', 'ready', 5, true);

      expect(await migrateToLatest(handle.db, handle.pool)).toContain('202612050300_media_priority_classes');

      const { rows } = await sql<{ asset_id: string; priority: number; job_priority: number }>`
        select q.asset_id, q.priority, j.priority as job_priority
        from queue_items q join graphile_worker._private_jobs j on j.key = 'process-media:' || q.asset_id::text`.execute(handle.db);
      const by = Object.fromEntries(rows.map((row) => [row.asset_id, [row.priority, row.job_priority]]));
      expect(by[triggered]).toEqual([0, 0]);
      expect(by[fromEditor]).toEqual([1, 1]);
      expect(by[pulledAgain]).toEqual([12, 12]);
      // No longer waiting: kept as a new upload, in the order it came in by.
      expect(by[finished]![0]).toBe(1);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
