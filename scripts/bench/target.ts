import { randomBytes } from 'node:crypto';
import { PerformanceObserver } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { initTRPC } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, warmPool } from '../../server/db/database.ts';
import { createStorage } from '../../server/assets/storage/index.ts';
import { transportsFromConfig } from '../../server/messages/transports.ts';
import { startWorker } from '../../worker/runner.ts';
import { percentile } from './bench-database.ts';

/**
 * One benchmark target in its own process, so that the load generator does not share
 * its event loop: `node scripts/bench/target.ts <kind> <port> <databaseUrl> <userId>`.
 */
const [kind, portText, databaseUrl, userId] = process.argv.slice(2);
const port = Number(portText);
// BENCH_TARGET_ENV: more settings for the product (JSON), e.g. a payment stand-in's address and keys.
const extra = JSON.parse(process.env.BENCH_TARGET_ENV ?? '{}') as Record<string, string>;
const config = loadConfig({
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/tmp',
  ...extra,
});
// As the server's start does (server/runtime.ts): the whole pool open and kept, and for the product
// its statement bound on every connection.
const { db, pool } = openDatabase(databaseUrl!, 10, 10, { statementTimeoutMs: kind === 'product' ? config.DATABASE_STATEMENT_TIMEOUT_MS : 0 });
await warmPool(pool, 10);

/** The same one primary-key read the session check makes. */
const readUser = (id: string) =>
  db.selectFrom('users').select(['id', 'name', 'email_address', 'phone_number', 'roles']).where('id', '=', id).executeTakeFirst();

/**
 * The server's own time for each request (from Fastify reading it to the answer sent), by route,
 * served at GET /bench/server-times: next to the load generator's times, it tells the server's
 * share of a slow answer from the time the answer waited in the load generator.
 */
function recordServerTimes(app: FastifyInstance): void {
  const times = new Map<string, number[]>();
  app.addHook('onResponse', async (request, reply) => {
    const route = `${request.method} ${request.routeOptions.url ?? '(none)'}`;
    let list = times.get(route);
    if (!list) times.set(route, (list = []));
    list.push(reply.elapsedTime);
  });
  // The server's own collector pauses: one long pause delays every request in flight.
  const pauses = { longestMs: 0, over50Ms: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      pauses.longestMs = Math.max(pauses.longestMs, entry.duration);
      if (entry.duration > 50) {
        pauses.over50Ms += 1;
        // detail: the collection's kind (1 young generation, 4 major) and its flags (32: all external memory).
        const { detail } = entry as PerformanceEntry & { detail?: unknown };
        if (process.env.BENCH_GC_LOG)
          process.stderr.write(
            `server gc ${entry.duration.toFixed(0)} ms ${JSON.stringify(detail)} heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB, outside it ${(process.memoryUsage().external / 1e6).toFixed(0)} MB (array buffers ${(process.memoryUsage().arrayBuffers / 1e6).toFixed(0)} MB) at ${(performance.now() / 1000).toFixed(0)} s\n`,
          );
      }
    }
  }).observe({ entryTypes: ['gc'] });
  app.get('/bench/gc-pauses', async () => pauses);
  app.get('/bench/server-times', async () => {
    return Object.fromEntries(
      [...times].map(([route, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        return [route, { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) }];
      }),
    );
  });
}

async function start() {
  if (kind === 'product') {
    const storage = createStorage(config);
    const app = await buildApp({ config, db, pool, storage, logger: false, consoleDir: null });
    recordServerTimes(app);
    // RUN_WORKER=true in BENCH_TARGET_ENV: the worker runs in this process too, as `npm start` runs it.
    if (extra.RUN_WORKER === 'true') {
      await startWorker({
        pool,
        deps: { db, config, transports: transportsFromConfig(config), storage },
        log: app.log,
        concurrency: config.WORKER_CONCURRENCY,
      });
    }
    await app.listen({ port, host: '127.0.0.1', backlog: config.LISTEN_BACKLOG });
    return;
  }
  const app = Fastify({ logger: false });
  if (kind === 'bare-fastify') {
    app.get('/bare', async () => readUser(userId!));
    // The same read, answered with a body of the given size (bytes made once, sent as they are):
    // what the load generator can take of answers that large on this machine.
    const bodies = new Map<number, Buffer>();
    app.get<{ Params: { bytes: string } }>('/bare-sized/:bytes', async (request, reply) => {
      await readUser(userId!);
      const size = Math.min(Number(request.params.bytes) || 0, 16 * 1024 * 1024);
      let body = bodies.get(size);
      if (!body) bodies.set(size, (body = randomBytes(size)));
      return reply.type('application/json').header('content-encoding', 'gzip').send(body);
    });
  } else if (kind === 'bare-trpc') {
    const t = initTRPC.create();
    const router = t.router({ user: t.procedure.query(() => readUser(userId!)) });
    await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: { router } });
  } else {
    throw new Error(`unknown target ${kind}`);
  }
  await app.listen({ port, host: '127.0.0.1' });
}

await start();
process.stdout.write('ready\n');
// Exit normally on a signal, so that profilers (--cpu-prof) write their output.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
