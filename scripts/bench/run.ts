import { runAuditBenchmark } from './audit.ts';
import { runCommerceBenchmark } from './commerce.ts';
import { runCoursesBenchmark } from './courses.ts';
import { runDashboardBenchmark } from './dashboard.ts';
import { runExamEditorBenchmark } from './exam-editor.ts';
import { runExamBenchmark } from './exams.ts';
import { runExportsBenchmark } from './exports.ts';
import { runItemAnalysisBenchmark } from './item-analysis.ts';
import { mediaBenchmarkOptionsFromEnv, runMediaBenchmark } from './media.ts';
import { runPipelineBenchmark } from './pipeline.ts';
import { runPushBenchmark } from './push.ts';
import { runRegradeBenchmark } from './regrade.ts';
import { runSessionBenchmark } from './session.ts';
import { runSpreadsheetBenchmark } from './spreadsheet.ts';
import { runTakeoverBenchmark } from './worker-takeover.ts';

/**
 * `npm run bench [-- session|pipeline|media ...]`: every benchmark, or the ones named.
 *   session   the session check: REST and tRPC against bare Fastify and tRPC
 *   pipeline  a 1 GB upload (memory, MB/s), a 60 s 720p clip through upload, queue and worker, and a worker killed mid-transcode (takeover)
 *   takeover  the last part of pipeline alone: seconds from killing a worker mid-transcode until another has its job (target under 30 s)
 *   media     the media library alone: the HLS ladder's passes and PDF pages per second
 *   exams     a live mock test (10,000 students: start, autosave, submit), rank sync over 100,000, 1,000,000 and 2,000,000 attempts, the top-100 read
 *   courses   a course of 30 subjects × 50 lectures and 100 exams: editor load and save, and the student course read under 50 clients
 *   commerce  1,000 checkouts at once with one coupon, a webhook storm, a 100,000-row lakshya-students import, first pages of 200,000 orders and users
 *   push      one notification to 50,000 push subscriptions (some gone, busy, failing or silent): pushes per second, memory, exact deletions
 *   spreadsheet  question-spreadsheet uploads: huge CSVs and a zip bomb refused, 5,000 questions imported (time, main-thread delay and memory)
 *   dashboard the console's home page at 200,000 orders: p95 of GET /api/admin/dashboard (target under 100 ms)
 *   exports   1,000,000 paid orders exported as CSV and as XLSX: time, and the server's memory growth during each (target under 50 MB)
 *   audit     a save with and without its audit entry (target: under 1 ms added at p95) and the Audit list's filters at 1,000,000 entries
 *   regrade   an exam of 100 questions with 1,000,000 submitted attempts: the dry run (target under 10 s) and Apply (under 30 s) of a changed key and of a changed penalty
 *   item-analysis  item analysis of 100,000 ranked attempts of 100 questions, computed in the database (target under 5 s)
 *   exam-editor  typing into a question of a 2,000-question exam in the console in Chromium: main-thread time a key (target under 16 ms)
 */
const all = {
  session: runSessionBenchmark,
  pipeline: async () => {
    await runPipelineBenchmark();
    await runTakeoverBenchmark();
  },
  takeover: runTakeoverBenchmark,
  media: () => runMediaBenchmark({ ...mediaBenchmarkOptionsFromEnv(), log: console.log }),
  exams: runExamBenchmark,
  regrade: runRegradeBenchmark,
  courses: runCoursesBenchmark,
  commerce: runCommerceBenchmark,
  push: runPushBenchmark,
  spreadsheet: runSpreadsheetBenchmark,
  'item-analysis': runItemAnalysisBenchmark,
  'exam-editor': runExamEditorBenchmark,
  dashboard: runDashboardBenchmark,
  exports: runExportsBenchmark,
  audit: runAuditBenchmark,
};
const chosen = process.argv.slice(2).filter((name): name is keyof typeof all => name in all);
for (const name of chosen.length > 0 ? chosen : (Object.keys(all) as Array<keyof typeof all>)) {
  console.log(`\n=== ${name} ===`);
  await all[name]();
}
