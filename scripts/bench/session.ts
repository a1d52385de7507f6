import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { cpuMs, startTarget } from './processes.ts';
import { insertBenchAdmin, openBenchDatabase, signIn, signInForToken } from './bench-database.ts';
import { hashPassword } from '../../server/auth/password.ts';

/**
 * Benchmark of the session check (part of `npm run bench`). Each target runs in its own process
 * on 127.0.0.1 against the same PostgreSQL; autocannon drives it from this process.
 *   REST  GET /api/auth/me        vs  a bare Fastify route doing one primary-key read
 *         (with the session cookie, and with an app's bearer token)
 *   tRPC  GET /trpc/auth.me       vs  a bare tRPC procedure doing the same read
 * Options (environment): BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50),
 * DATABASE_URL (default: a throw-away embedded PostgreSQL).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figures {
  name: string;
  cpuMicrosPerRequest: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(name: string, target: ChildProcess, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // Warm-up, so that connections, JIT and the pool are ready before measuring.
  await autocannon({ url, connections, duration: 2, headers });
  const cpuBefore = cpuMs(target.pid);
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const cpuUsed = cpuMs(target.pid) - cpuBefore;
  return {
    name,
    cpuMicrosPerRequest: Math.round((cpuUsed * 1000) / Math.max(1, result.requests.total)),
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function runSessionBenchmark(): Promise<void> {
  const { databaseUrl, handle, close } = await openBenchDatabase(2);
  const children: ChildProcess[] = [];
  try {
    const email = `bench-${Date.now()}@example.com`;
    const user = await insertBenchAdmin(handle.db, email, await hashPassword('bench-pass'));

    const product = await startTarget('product', databaseUrl, user.id);
    children.push(product.child);
    const cookie = await signIn(`http://127.0.0.1:${product.port}`, email);
    const authorization = await signInForToken(`http://127.0.0.1:${product.port}`, email);

    const bareFastify = await startTarget('bare-fastify', databaseUrl, user.id);
    children.push(bareFastify.child);
    const bareTrpc = await startTarget('bare-trpc', databaseUrl, user.id);
    children.push(bareTrpc.child);

    // Warm every target and the load generator itself before the first measurement.
    for (const url of [
      `http://127.0.0.1:${bareFastify.port}/bare`,
      `http://127.0.0.1:${product.port}/api/auth/me`,
      `http://127.0.0.1:${bareTrpc.port}/trpc/user`,
      `http://127.0.0.1:${product.port}/trpc/auth.me`,
    ]) {
      await autocannon({ url, connections, duration: 3, headers: { cookie } });
    }
    await autocannon({ url: `http://127.0.0.1:${product.port}/api/auth/me`, connections, duration: 3, headers: { authorization } });
    const bareRest = await load('bare Fastify + PK read', bareFastify.child, `http://127.0.0.1:${bareFastify.port}/bare`);
    const rest = await load('REST GET /api/auth/me', product.child, `http://127.0.0.1:${product.port}/api/auth/me`, { cookie });
    const restBearer = await load('REST /api/auth/me bearer', product.child, `http://127.0.0.1:${product.port}/api/auth/me`, { authorization });
    const bareT = await load('bare tRPC + PK read', bareTrpc.child, `http://127.0.0.1:${bareTrpc.port}/trpc/user`);
    const trpc = await load('tRPC auth.me', product.child, `http://127.0.0.1:${product.port}/trpc/auth.me`, { cookie });

    const table = [bareRest, rest, restBearer, bareT, trpc];
    console.log(`\n${connections} connections, ${seconds} s each, ${os.cpus().length} cores\n`);
    console.log('target                      req/s    p50 ms   p99 ms  server CPU µs/req   errors  non-2xx');
    for (const f of table) {
      console.log(
        `${f.name.padEnd(26)} ${String(f.requestsPerSecond).padStart(6)} ${String(f.p50).padStart(9)} ${String(f.p99).padStart(8)} ${String(f.cpuMicrosPerRequest).padStart(18)} ${String(f.errors).padStart(8)} ${String(f.non2xx).padStart(8)}`,
      );
    }
    const restRatio = rest.requestsPerSecond / bareRest.requestsPerSecond;
    const bearerRatio = restBearer.requestsPerSecond / bareRest.requestsPerSecond;
    const trpcRatio = trpc.requestsPerSecond / bareT.requestsPerSecond;
    const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
    console.log(`\nThroughput, REST /api/auth/me vs bare Fastify route: ${percent(restRatio)} (target at least 70%)`);
    console.log(`Throughput, REST /api/auth/me with a bearer token vs bare Fastify route: ${percent(bearerRatio)} (target at least 70%)`);
    console.log(`Throughput, tRPC auth.me vs bare tRPC procedure:   ${percent(trpcRatio)} (target at least 70%)`);
    console.log(
      `Server CPU per request, bare vs product (the steadier figure on a shared machine): REST ${percent(bareRest.cpuMicrosPerRequest / rest.cpuMicrosPerRequest)}, REST bearer ${percent(bareRest.cpuMicrosPerRequest / restBearer.cpuMicrosPerRequest)}, tRPC ${percent(bareT.cpuMicrosPerRequest / trpc.cpuMicrosPerRequest)}`,
    );
    if (table.some((f) => f.errors > 0 || f.non2xx > 0)) {
      console.log('\nSome requests failed: see the errors and non-2xx columns.');
      process.exitCode = 1;
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await close();
  }
}
