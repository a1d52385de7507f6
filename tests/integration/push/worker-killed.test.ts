import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../server/config.ts';
import { sendNotification } from '../../../server/push/push.service.ts';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../support/push-service-stand-in.ts';
import { useDatabase } from '../../support/app-harness.ts';
import { testConfig, testDataDir, TEST_SECRET } from '../../support/test-app.ts';
import { waitFor } from '../../support/mail-catcher.ts';

/** Three batches of pushes, each answered after a while, so that the fan-out is still going when the worker is killed. */
const DEVICES = 750;
const database = useDatabase();
let pushService: PushServiceStandIn;
let config: Config;
let env: Record<string, string>;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  pushService = await startPushServiceStandIn({ sharedKeys: true, answerDelayMs: 150 });
  env = { PUSH_ENDPOINT_HOSTS: pushService.host, PUSH_CA_FILE: pushService.caFile };
  config = testConfig(env);
});
afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  await pushService?.close();
});

/** `npm run worker` as its own process, one job at a time, with short heartbeats so that a dead one is noticed soon. */
function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, ['worker/main.ts'], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATA_DIR: testDataDir(),
      SESSION_SECRET: TEST_SECRET,
      VAPID_PUBLIC_KEY: config.vapid!.publicKey,
      VAPID_PRIVATE_KEY: config.vapid!.privateKey,
      LOG_LEVEL: 'warn',
      WORKER_CONCURRENCY: '1',
      WORKER_HEARTBEAT_SECONDS: '1',
      WORKER_DEAD_AFTER_SECONDS: '4',
    },
    stdio: 'ignore',
  });
  workers.push(child);
  return child;
}

const statusCounts = async (notificationId: string) => {
  const rows = await database.db.selectFrom('push_deliveries').select(['subscription_id', 'status']).where('notification_id', '=', notificationId).execute();
  return { rows, delivered: rows.filter((row) => row.status === 'delivered') };
};

describe('a worker process killed in the middle of a fan-out', () => {
  it('leaves the rest to another worker, which sends only what was not recorded as sent', async () => {
    const user = await database.db.insertInto('users').values({ name: 'Many devices', roles: [] }).returning('id').executeTakeFirstOrThrow();
    const endpoints = new Map<string, string>();
    const rows = Array.from({ length: DEVICES }, () => {
      const subscription = pushService.subscribe('ok');
      return { user_id: user.id, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
    });
    const inserted = await database.db.insertInto('push_subscriptions').values(rows).returning(['id', 'endpoint']).execute();
    for (const row of inserted) endpoints.set(row.id, row.endpoint.split('/').at(-1)!);
    const { notificationId, targeted } = await sendNotification(
      { db: database.db, config },
      { title: 'Mock test', body: 'Tonight at 7', targetType: 'everyone', createdBy: null },
    );
    expect(targeted).toBe(DEVICES);

    const first = startWorkerProcess();
    await waitFor(async () => ((await statusCounts(notificationId)).delivered.length >= 100 ? true : undefined), 60_000);
    const exited = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await exited;
    const atKill = await statusCounts(notificationId);
    const recorded = new Set(atKill.delivered.map((row) => row.subscription_id));
    expect(recorded.size).toBeGreaterThanOrEqual(100);
    expect(recorded.size).toBeLessThan(DEVICES);

    startWorkerProcess();
    await waitFor(async () => ((await statusCounts(notificationId)).delivered.length === DEVICES ? true : undefined), 90_000);
    const requestsOf = (subscriptionId: string) => pushService.requests.get(endpoints.get(subscriptionId)!) ?? 0;
    // Everything recorded as sent before the kill was sent once; every device got the notification.
    expect([...recorded].filter((id) => requestsOf(id) !== 1)).toEqual([]);
    expect(inserted.filter((row) => requestsOf(row.id) === 0)).toEqual([]);
    // A push sent again is one whose answer the killed worker never wrote down: its delay, not more.
    const sentAgain = inserted.filter((row) => requestsOf(row.id) > 1);
    expect(sentAgain.length).toBeLessThan(DEVICES - recorded.size);
    const notification = await database.db.selectFrom('push_notifications').selectAll().where('id', '=', notificationId).executeTakeFirstOrThrow();
    expect(notification).toMatchObject({ targeted: DEVICES, delivered: DEVICES, gone: 0, failed: 0 });
    expect(notification.completed_at).not.toBeNull();
  }, 180_000);
});
