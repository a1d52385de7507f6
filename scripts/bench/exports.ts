import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { hashPassword } from '../../server/auth/password.ts';
import { insertBenchAdmin, openBenchDatabase, signIn } from './bench-database.ts';
import { startTarget } from './processes.ts';

/**
 * `npm run bench -- exports`: 1,000,000 paid orders exported as one CSV and as one XLSX through the
 * product (in a process of its own, as `npm start` runs it), read as fast as this process takes it.
 * Prints, for each format, the rows, bytes, time and rows a second, and the product's resident memory growth during each export
 * (sampled every 20 ms, the largest minus the figure just before it) against the target: under
 * 50 MB, however many rows.
 */
const ORDERS = 1_000_000;
const BUYERS = 10_000;
const RSS_TARGET_MB = 50;

/** A process's resident set size in MB, from /proc (Linux). */
function rssMb(pid: number | undefined): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? Number.NaN) / 1024;
}

/** Reads an answer's body to its end; answers its bytes and its records (CRLF line ends). */
async function drain(answer: Response): Promise<{ bytes: number; records: number }> {
  let bytes = 0;
  let records = 0;
  for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (let i = 0; i < chunk.byteLength; i += 1) if (chunk[i] === 10) records += 1;
  }
  return { bytes, records };
}

export async function runExportsBenchmark(): Promise<void> {
  const database = await openBenchDatabase(4);
  const children: ChildProcess[] = [];
  try {
    const { db } = database.handle;
    const stamp = Date.now();
    const admin = await insertBenchAdmin(db, `bench-admin-${stamp}@example.com`, await hashPassword('bench-pass'));
    const started = performance.now();
    await sql`
      insert into users (name, email_address, phone_number, roles, created_at)
      select 'ഉപഭോക്താവ് ' || n, 'buyer-' || ${stamp} || '-' || n || '@example.com', (7100000000 + n)::text, '{}', now() - n * interval '1 minute'
      from generate_series(1, ${BUYERS}) as n`.execute(db);
    await sql`
      insert into orders (user_id, title, subscription_term, term_days, resource_title, gross_paise, gst_rate, gst_paise, net_paise,
        coupon_code, status, mode, razorpay_order_id, razorpay_payment_id, paid_at, created_at)
      select b.id, 'Degree level plan, "prelims"', '12-months', 365, 'Bench course', 100000 + n % 100, 18, 18000, 118000 + n % 100,
        case when n % 10 = 0 then 'ONAM25' end, 'paid', 'online', 'order_' || n, 'pay_' || n,
        now() - n * interval '1 second', now() - n * interval '1 second'
      from generate_series(1, ${ORDERS}) as n
      join (select id, row_number() over (order by id) - 1 as k from users where email_address like ${`buyer-${stamp}-%`}) as b on b.k = n % ${BUYERS}`.execute(
      db,
    );
    await sql`analyze orders`.execute(db);
    await sql`analyze users`.execute(db);
    console.log(`${ORDERS.toLocaleString('en-IN')} paid orders made in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    /** The product in a process of its own, signed in, warmed by a small export of each format. */
    const startProduct = async () => {
      const product = await startTarget('product', database.databaseUrl, admin.id);
      children.push(product.child);
      const base = `http://127.0.0.1:${product.port}`;
      const cookie = await signIn(base, `bench-admin-${stamp}@example.com`);
      for (const format of ['csv', 'xlsx']) await drain(await fetch(`${base}/api/admin/orders/export.${format}?search=pay_17`, { headers: { cookie } }));
      return { pid: product.child.pid, base, cookie };
    };
    /** Exports with these filters, read to the end: its rows (CSV), bytes, seconds and the server's RSS before and at most meanwhile. */
    const measured = async ({ pid, base, cookie }: Awaited<ReturnType<typeof startProduct>>, format: 'csv' | 'xlsx', filters: string) => {
      const before = rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
      const begun = performance.now();
      const answer = await fetch(`${base}/api/admin/orders/export.${format}${filters}`, { headers: { cookie } });
      if (answer.status !== 200) throw new Error(`export answered ${answer.status}: ${await answer.text()}`);
      const { bytes, records } = await drain(answer);
      clearInterval(sampler);
      return { rows: records - 1, bytes, seconds: (performance.now() - begun) / 1000, before, growth: peak - before };
    };
    const target = (growth: number) => `(target under ${RSS_TARGET_MB} MB: ${growth < RSS_TARGET_MB ? 'met' : 'MISSED'})`;
    // A tenth of the orders (those with the coupon) first: the growth should not follow the rows.
    const tenth = await measured(await startProduct(), 'csv', '?search=onam25');
    console.log(
      `CSV export of a tenth (coupon ONAM25): ${tenth.rows.toLocaleString('en-IN')} rows in ${tenth.seconds.toFixed(1)} s, RSS growth ${tenth.growth.toFixed(1)} MB ${target(tenth.growth)}`,
    );
    // Each whole export in a fresh process: its growth is not hidden by the memory an export before it left behind.
    const csv = await measured(await startProduct(), 'csv', '');
    const xlsx = await measured(await startProduct(), 'xlsx', '');
    // An XLSX's rows are not counted from its bytes: it holds the same rows as the CSV.
    for (const [format, run, rows] of [
      ['CSV ', csv, csv.rows],
      ['XLSX', xlsx, csv.rows],
    ] as const) {
      console.log(
        `${format} export of all paid orders: ${rows.toLocaleString('en-IN')} rows, ${(run.bytes / 1024 / 1024).toFixed(0)} MB in ${run.seconds.toFixed(1)} s ` +
          `(${Math.round(rows / run.seconds).toLocaleString('en-IN')} rows/s); server memory (RSS) ${run.before.toFixed(0)} MB before, ` +
          `growth ${run.growth.toFixed(1)} MB ${target(run.growth)}`,
      );
    }
    if (csv.rows !== ORDERS) throw new Error(`the export held ${csv.rows} rows, not ${ORDERS}`);
  } finally {
    for (const child of children) child.kill();
    await database.close();
  }
}
