import { migrateToLatest } from '../server/db/migrate.ts';
import { syncRanks } from '../server/exams/ranks.service.ts';
import { AppError } from '../server/errors.ts';
import { createLogger, loadConfigOrExit, openRuntime } from '../server/runtime.ts';

/** `npm run rank:sync -- <examId> [<examId> ...]`: ranks each exam's submitted attempts, as Sync Ranking does. */
const examIds = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
if (examIds.length === 0) {
  console.error('Usage: npm run rank:sync -- <examId> [<examId> ...]');
  process.exit(2);
}
const config = loadConfigOrExit();
const log = createLogger(config, 'rank-sync');
const runtime = await openRuntime(config, log);
let failed = false;
try {
  await migrateToLatest(runtime.db, runtime.pool);
  for (const examId of examIds) {
    const started = performance.now();
    try {
      const state = await syncRanks(runtime.db, examId);
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      console.log(`${examId}: ${state.totalParticipants} students ranked in ${seconds} s; ranking ${state.isRankPublished ? 'published' : 'not published'}`);
    } catch (error) {
      failed = true;
      console.error(`${examId}: ${error instanceof AppError ? error.message : String(error)}`);
    }
  }
} finally {
  await runtime.shutdown();
}
process.exitCode = failed ? 1 : 0;
