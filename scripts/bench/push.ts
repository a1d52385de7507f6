import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { loadConfig } from '../../server/config.ts';
import { openBenchDatabase } from './bench-database.ts';
import { sendNotification } from '../../server/push/push.service.ts';
import { startPushServiceStandIn, type PushBehaviour } from '../../tests/support/push-service-stand-in.ts';

/**
 * Benchmark of Web Push (part of `npm run bench`): one notification to BENCH_SUBSCRIPTIONS (50,000)
 * subscriptions at a push-service stand-in on 127.0.0.1, where 5% answer 410, 1% 404, 2% 429 with
 * Retry-After 5, 1% 500 (then 201) and 1% never answer; sent by a worker process (`npm run worker`).
 * Reports pushes per second, the worker's memory growth, that exactly the 404/410 subscriptions were
 * deleted, that no subscription was delivered twice, and the time until every answered push was done.
 * Targets: at least 1,000 pushes per second; memory growth under 100 MB.
 */
const TOTAL = Number(process.env.BENCH_SUBSCRIPTIONS ?? 50_000);
/** How long the bench waits for every answered push to be done. */
const LIMIT_SECONDS = Number(process.env.BENCH_PUSH_LIMIT_SECONDS ?? 300);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function behaviourOf(index: number): PushBehaviour {
  const slot = index % 100;
  if (slot < 5) return 'gone-410';
  if (slot < 6) return 'gone-404';
  if (slot < 8) return 'busy-once';
  if (slot < 9) return 'error-500-once';
  if (slot < 10) return 'hang';
  return 'ok';
}

/** `npm run worker` as package.json says (its environment and node options), run directly so that its own memory is measured. */
function workerCommand(): { env: Record<string, string>; args: string[] } {
  const script = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.worker!;
  const words = script.split(/\s+/).filter(Boolean);
  const env: Record<string, string> = {};
  while (words[0]?.includes('=')) {
    const [name, value] = words.shift()!.split('=');
    env[name!] = value!;
  }
  if (words.shift() !== 'node') throw new Error(`npm run worker is not a node command: ${script}`);
  return { env, args: words };
}

function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('VmRSS:'));
    return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
  } catch {
    return Number.NaN;
  }
}

export async function runPushBenchmark(): Promise<void> {
  const { scratch, databaseUrl, handle, close } = await openBenchDatabase(4);
  // The stand-in answers as told without decrypting, so that its own work does not slow the sender down.
  const pushService = await startPushServiceStandIn({ verify: false, sharedKeys: true });
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: scratch,
    PUSH_ENDPOINT_HOSTS: pushService.host,
    PUSH_CA_FILE: pushService.caFile,
    LOG_LEVEL: 'warn',
    WORKER_CONCURRENCY: '4',
  };
  const config = loadConfig({ ...env, NODE_ENV: 'development' });
  let worker: ReturnType<typeof spawn> | undefined;
  try {
    const user = await handle.db.insertInto('users').values({ name: 'Bench students', roles: [] }).returning('id').executeTakeFirstOrThrow();
    const behaviours = new Map<string, PushBehaviour>();
    const rows = Array.from({ length: TOTAL }, (_, i) => {
      const behaviour = behaviourOf(i);
      const subscription = pushService.subscribe(behaviour, 5);
      behaviours.set(subscription.endpoint, behaviour);
      return { user_id: user.id, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
    });
    for (let at = 0; at < rows.length; at += 5000)
      await handle.db
        .insertInto('push_subscriptions')
        .values(rows.slice(at, at + 5000))
        .execute();

    const command = workerCommand();
    worker = spawn(process.execPath, command.args, {
      cwd: root,
      env: { ...process.env, ...command.env, ...env, VAPID_PUBLIC_KEY: config.vapid!.publicKey, VAPID_PRIVATE_KEY: config.vapid!.privateKey },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // A first notification to one device loads everything the worker sends with; memory is measured from there.
    const warmUser = await handle.db.insertInto('users').values({ name: 'Warm-up', roles: [] }).returning('id').executeTakeFirstOrThrow();
    const warm = pushService.subscribe('ok');
    await handle.db
      .insertInto('push_subscriptions')
      .values({ user_id: warmUser.id, endpoint: warm.endpoint, p256dh: warm.keys.p256dh, auth: warm.keys.auth })
      .execute();
    const warmUp = await sendNotification(
      { db: handle.db, config },
      { title: 'Warm-up', body: 'Hello', targetType: 'specific-user', targetUserId: warmUser.id, createdBy: null },
    );
    for (let waited = 0; waited < 60_000; waited += 200) {
      const done = await handle.db.selectFrom('push_deliveries').select('status').where('notification_id', '=', warmUp.notificationId).executeTakeFirst();
      if (done?.status === 'delivered') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await handle.db.deleteFrom('push_subscriptions').where('user_id', '=', warmUser.id).execute();
    pushService.requests.clear();
    pushService.received.length = 0;
    const baseline = rssMb(worker.pid!);
    let peak = baseline;
    const started = performance.now();
    const { notificationId, targeted } = await sendNotification(
      { db: handle.db, config: { ...config, vapid: { ...config.vapid! } } },
      { title: 'Bench', body: 'Mock test tonight', targetType: 'everyone', createdBy: null },
    );
    const answered = Math.round(TOTAL * 0.99);
    let firstPassSeconds = Number.NaN;
    let ninetySeconds = Number.NaN;
    let answeredSeconds = Number.NaN;
    let leftAfterLimit = 0;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      peak = Math.max(peak, rssMb(worker.pid!));
      const { rows: counts } = await sql<{ done: number; delivered: number }>`
        select count(*) filter (where status <> 'pending')::int as done, count(*) filter (where status = 'delivered')::int as delivered
        from push_deliveries where notification_id = ${notificationId}`.execute(handle.db);
      const { done } = counts[0]!;
      const elapsed = (performance.now() - started) / 1000;
      if (Number.isNaN(ninetySeconds) && pushService.requests.size >= TOTAL * 0.9) ninetySeconds = elapsed;
      if (Number.isNaN(firstPassSeconds) && pushService.requests.size >= TOTAL) firstPassSeconds = elapsed;
      if (done >= answered) {
        answeredSeconds = elapsed;
        break;
      }
      if (elapsed > LIMIT_SECONDS) {
        leftAfterLimit = answered - done;
        break;
      }
    }
    const requests = [...pushService.requests.values()].reduce((sum, count) => sum + count, 0);
    const gone = [...behaviours.values()].filter((behaviour) => behaviour === 'gone-404' || behaviour === 'gone-410').length;
    const remaining = await handle.db.selectFrom('push_subscriptions').select(['endpoint']).execute();
    const deletedEndpoints = rows.map((row) => row.endpoint).filter((endpoint) => !remaining.some((left) => left.endpoint === endpoint));
    const deletedRight = deletedEndpoints.length === gone && deletedEndpoints.every((endpoint) => ['gone-404', 'gone-410'].includes(behaviours.get(endpoint)!));
    const deliveredTwice = pushService.received.length - new Set(pushService.received.map((push) => push.subscription)).size;
    const { rows: final } = await sql<{ delivered: number; gone: number; pending: number }>`
      select count(*) filter (where status = 'delivered')::int as delivered, count(*) filter (where status = 'gone')::int as gone, count(*) filter (where status = 'pending')::int as pending
      from push_deliveries where notification_id = ${notificationId}`.execute(handle.db);

    console.log(
      `\n${targeted.toLocaleString('en-IN')} subscriptions (5% 410, 1% 404, 2% 429 with Retry-After 5, 1% 500 once, 1% never answer), worker concurrency 4, ${os.cpus().length} cores`,
    );
    console.log(
      `Sending: 90% of the subscriptions asked in ${ninetySeconds.toFixed(1)} s, ${Math.round((TOTAL * 0.9) / ninetySeconds).toLocaleString('en-IN')} pushes/s (target at least 1,000); ` +
        `every one asked once in ${firstPassSeconds.toFixed(1)} s (the silent ones hold their batch for the 10 s timeout)`,
    );
    console.log(
      leftAfterLimit > 0
        ? `NOT every answered push done within ${LIMIT_SECONDS} s: ${leftAfterLimit} still pending; ${requests.toLocaleString('en-IN')} requests in all`
        : `Every answered push done (delivered or gone, after the 429 waits and 500 retries): ${answeredSeconds.toFixed(1)} s; ${requests.toLocaleString('en-IN')} requests in all`,
    );
    console.log(
      `Delivered ${final[0]!.delivered.toLocaleString('en-IN')}, gone ${final[0]!.gone.toLocaleString('en-IN')}, still pending (the ones that never answer) ${final[0]!.pending}`,
    );
    console.log(
      `Subscriptions deleted: ${deletedEndpoints.length} (the ${gone} that answered 404 or 410: ${deletedRight ? 'exactly those' : 'NOT exactly those'}); delivered twice: ${deliveredTwice}`,
    );
    console.log(`Worker memory: ${baseline.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB, growth ${(peak - baseline).toFixed(0)} MB (target under 100 MB)`);
    if (!deletedRight || deliveredTwice > 0 || leftAfterLimit > 0) process.exitCode = 1;
  } finally {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker!.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await pushService.close();
    await close();
  }
}
