import { readFileSync } from 'node:fs';
import https from 'node:https';
import { createSecureContext, rootCertificates } from 'node:tls';
import webpush from 'web-push';
import { payloadBytes } from '../../shared/push/push.schema.ts';
import type { Config } from '../../server/config.ts';
import type { Db } from '../../server/db/database.ts';
import { assertNoHeldConnection } from '../../server/db/held-connection.ts';
import { isAuthSecret, isP256PublicKey } from '../../server/push/push-keys.ts';
import { findNotification, pendingDeliveries, refreshCounts } from '../../server/push/push-notifications.repository.ts';
import { outcomeRecorder, type DeliveryStatus } from './push-outcomes.ts';
import { payloadOf } from '../../server/push/push.service.ts';

/** Each push: kept by the push service for a day, normal urgency, and 10 s to answer. */
export const PUSH_TTL_SECONDS = 24 * 3600;
export const PUSH_URGENCY = 'normal';
export const PUSH_TIMEOUT_MS = 10_000;
/** Pushes in flight at once within one batch. */
const CONCURRENCY = 50;
/** Connections per push service: room for every batch a worker runs at once (WORKER_CONCURRENCY, usually 4). */
const MAX_SOCKETS = 512;
/**
 * When only this share of a batch is still waiting for an answer, and nothing has answered for a
 * moment, the job stops waiting for them (they finish on their own, within the timeout) and the
 * batch is looked at again later: a few silent push services do not hold up everyone else.
 */
const STRAGGLER_SHARE = 0.03;
const STRAGGLER_QUIET_MS = 200;
/** However small the batch (a retry of a few pushes), this many silent ones do not hold it. */
const STRAGGLER_FLOOR = 8;
/** Sends of one push before it counts as failed (5xx, timeouts, no answer). */
export const MAX_PUSH_ATTEMPTS = 6;

export type PushOutcome =
  | { status: 'delivered' }
  | { status: 'gone' }
  | { status: 'busy'; retryAfterSeconds: number }
  | { status: 'retry'; error: string }
  | { status: 'failed'; error: string };

/** What one push service answer means: 2xx delivered; 404 and 410 gone; 429 wait; 5xx, a timeout or no answer retry; any other refusal failed. */
export function outcomeOf(error: unknown): PushOutcome {
  const answer = error as { statusCode?: number; headers?: Record<string, string | undefined>; message?: string };
  const status = answer.statusCode;
  if (status === 404 || status === 410) return { status: 'gone' };
  if (status === 429) {
    const header = Number(answer.headers?.['retry-after']);
    return { status: 'busy', retryAfterSeconds: Number.isFinite(header) && header > 0 ? Math.min(header, 3600) : 60 };
  }
  if (status === undefined || status >= 500) return { status: 'retry', error: status === undefined ? (answer.message ?? 'no answer') : `status ${status}` };
  return { status: 'failed', error: `status ${status}` };
}

const agents = new Map<string, https.Agent>();
const vapidHeaders = new Map<string, { authorization: string; renewAt: number }>();
/** A VAPID JWT is signed for 12 hours and reused for one push service until an hour before it ends. */
const VAPID_LIFETIME_SECONDS = 12 * 3600;

/** The Authorization header for a push service (its origin), signed once and reused: signing per push costs CPU. */
function vapidHeaderFor(endpoint: string, vapid: NonNullable<Config['vapid']>): string {
  const audience = new URL(endpoint).origin;
  const key = `${audience} ${vapid.publicKey}`;
  const cached = vapidHeaders.get(key);
  if (cached && cached.renewAt > Date.now()) return cached.authorization;
  const expiresAt = Math.floor(Date.now() / 1000) + VAPID_LIFETIME_SECONDS;
  const { Authorization } = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expiresAt);
  vapidHeaders.set(key, { authorization: Authorization, renewAt: (expiresAt - 3600) * 1000 });
  return Authorization;
}

/**
 * Kept-alive connections to the push services, enough for every push a worker has in flight (a
 * silent push service holds its connection until the timeout). PUSH_CA_FILE's certificates are
 * trusted too, for a private push service: through one secure context built once, because a `ca`
 * option would be copied into the agent's key string on every request.
 */
function agentFor(config: Config): https.Agent {
  const key = config.PUSH_CA_FILE ?? '';
  let agent = agents.get(key);
  if (!agent) {
    const secureContext = config.PUSH_CA_FILE ? createSecureContext({ ca: [...rootCertificates, readFileSync(config.PUSH_CA_FILE, 'utf8')] }) : undefined;
    agent = new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, ...(secureContext ? { secureContext } : {}) });
    agents.set(key, agent);
  }
  return agent;
}

/**
 * Runs `work` over items, `limit` at a time, and answers how many were still running when it stopped
 * waiting: all are waited for, except a few stragglers once every item has started and nothing has
 * finished for a while (they go on by themselves).
 */
async function runLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<number> {
  let next = 0;
  let running = 0;
  let lastFinish = Date.now();
  let wake: (() => void) | undefined;
  const settled = () => {
    lastFinish = Date.now();
    wake?.();
  };
  const lane = async () => {
    while (next < items.length) {
      running += 1;
      try {
        await work(items[next++]!);
      } finally {
        running -= 1;
        settled();
      }
    }
  };
  const lanes = Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  const allowed = Math.max(STRAGGLER_FLOOR, Math.floor(items.length * STRAGGLER_SHARE));
  for (;;) {
    const done = await Promise.race([
      lanes.then(() => true),
      new Promise<false>((resolve) => {
        wake = () => resolve(false);
        setTimeout(() => resolve(false), STRAGGLER_QUIET_MS);
      }),
    ]);
    if (done) return 0;
    if (next >= items.length && running <= allowed && Date.now() - lastFinish >= STRAGGLER_QUIET_MS) return running;
  }
}

export interface BatchResult {
  delivered: number;
  gone: number;
  failed: number;
  /** Still pending because the push service said 429: try again after this many seconds. */
  retryAfterSeconds: number | null;
  /** Still pending after a 5xx, a timeout or no answer. */
  retriable: number;
  /** Still waiting for an answer when the job stopped waiting (they settle within the timeout). */
  stragglers: number;
}

/**
 * Sends the pending deliveries of one batch. Outcomes are written as they come, a few dozen at a
 * time (see outcomeRecorder), so a worker that stops half-way leaves only the unanswered ones
 * pending and the next attempt never sends a recorded push again; each push carries the
 * notification as its Topic, so a push service still holding an undelivered copy replaces it.
 * 404 and 410 delete the subscription, and so do keys no push can be encrypted for (not a P-256
 * point, or an auth secret that is not 16 bytes); nothing else deletes anything. A 429 keeps that push pending
 * for after its Retry-After; the rest of the batch goes on.
 */
export async function deliverBatch(
  deps: { db: Db; config: Config; log?: { warn(object: unknown, message: string): void } },
  { notificationId, batch }: { notificationId: string; batch: number },
  options: { finalAttempt?: boolean } = {},
): Promise<BatchResult> {
  const result: BatchResult = { delivered: 0, gone: 0, failed: 0, retryAfterSeconds: null, retriable: 0, stragglers: 0 };
  const vapid = deps.config.vapid;
  const notification = await findNotification(deps.db, notificationId);
  if (!notification || !vapid) return result;
  const payload = payloadBytes(payloadOf(notification)).text;
  const topic = notificationId.replaceAll('-', '');
  const pending = await pendingDeliveries(deps.db, notificationId, batch);
  const outcomes = outcomeRecorder(deps.db, notificationId, (error) =>
    deps.log?.warn({ err: error, notificationId }, 'could not record push outcomes; those pushes stay pending'),
  );
  const record = (subscriptionId: string, status: DeliveryStatus, error: string | null, attempted = true, deleteSubscription = false) =>
    outcomes.add({ subscriptionId, status, error, attempted, deleteSubscription });
  result.stragglers = await runLimited(pending, CONCURRENCY, async (delivery) => {
    // Removed since (another notification found it gone, or the app unsubscribed).
    if (delivery.attempts >= MAX_PUSH_ATTEMPTS) {
      record(delivery.subscription_id, 'failed', 'no answer after every attempt', false);
      result.failed += 1;
      return;
    }
    if (!delivery.endpoint || !delivery.p256dh || !delivery.auth) {
      record(delivery.subscription_id, 'gone', 'subscription removed', false);
      result.gone += 1;
      return;
    }
    // Keys stored before they were checked on registration: no push could be encrypted for them,
    // so the subscription is dropped rather than tried again as if the push service had failed.
    if (!isP256PublicKey(delivery.p256dh) || !isAuthSecret(delivery.auth)) {
      record(delivery.subscription_id, 'gone', 'subscription keys not valid', false, true);
      result.gone += 1;
      return;
    }
    let outcome: PushOutcome;
    try {
      assertNoHeldConnection('A push service');
      await webpush.sendNotification({ endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } }, payload, {
        headers: { Authorization: vapidHeaderFor(delivery.endpoint, vapid) },
        TTL: PUSH_TTL_SECONDS,
        urgency: PUSH_URGENCY,
        topic,
        timeout: PUSH_TIMEOUT_MS,
        contentEncoding: 'aes128gcm',
        agent: agentFor(deps.config),
      });
      outcome = { status: 'delivered' };
    } catch (error) {
      outcome = outcomeOf(error);
    }
    if (outcome.status === 'delivered') {
      record(delivery.subscription_id, 'delivered', null);
      result.delivered += 1;
    } else if (outcome.status === 'gone') {
      record(delivery.subscription_id, 'gone', null, true, true);
      result.gone += 1;
    } else if (outcome.status === 'busy') {
      record(delivery.subscription_id, 'pending', 'status 429');
      result.retryAfterSeconds = Math.max(result.retryAfterSeconds ?? 0, outcome.retryAfterSeconds);
    } else if (outcome.status === 'retry' && !options.finalAttempt && delivery.attempts + 1 < MAX_PUSH_ATTEMPTS) {
      record(delivery.subscription_id, 'pending', outcome.error);
      result.retriable += 1;
    } else {
      record(delivery.subscription_id, 'failed', outcome.status === 'retry' || outcome.status === 'failed' ? outcome.error : null);
      result.failed += 1;
    }
  });
  await outcomes.flush();
  await refreshCounts(deps.db, notificationId);
  return result;
}
