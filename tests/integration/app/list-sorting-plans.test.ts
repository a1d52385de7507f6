import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ALERT_SORT_COLUMNS } from '../../../shared/alerts/alerts.schema.ts';
import { QUEUE_SORT_COLUMNS } from '../../../shared/queue/queue-list.schema.ts';
import { ORDER_SORT_COLUMNS } from '../../../shared/commerce/orders.schema.ts';
import { LAKSHYA_STUDENT_SORT_COLUMNS } from '../../../shared/lakshya-students/lakshya-students.schema.ts';
import { USER_SORT_COLUMNS } from '../../../shared/users/users-list.schema.ts';
import type { Database } from '../../../server/db/types.ts';
import { alertsPage } from '../../../server/alerts/alerts.repository.ts';
import { pageOfItemViews } from '../../../server/queue/queue.repository.ts';
import { lakshyaStudentsPage } from '../../../server/lakshya-students/lakshya-students.repository.ts';
import { deletedOrdersPage, paidOrdersPage } from '../../../server/orders/admin-orders.repository.ts';
import { usersPage } from '../../../server/users/users-list.repository.ts';
import { withGinIndexesRebuilt } from '../../support/bulk-load.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();

/** The plans of the statements `run` sends. */
async function plansOf(run: (db: Kysely<Database>) => Promise<unknown>): Promise<string[]> {
  const sent: CompiledQuery[] = [];
  const spy = new Kysely<Database>({ dialect: new PostgresDialect({ pool: harness.database.pool }), log: (event) => void sent.push(event.query) });
  await run(spy);
  const plans = [];
  for (const query of sent) {
    const { rows } = await harness.database.pool.query<{ 'QUERY PLAN': string }>(`explain ${query.sql}`, [...query.parameters]);
    plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
  return plans;
}

/** A page read in its order from an index: no sort of the rows, no scan of the whole table. */
function expectIndexOrdered(plan: string, table: string) {
  expect(plan, plan).not.toMatch(/Sort/);
  expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on ${table}`));
  expect(plan, plan).toMatch(/Index (Only )?Scan/);
}

/**
 * A page whose rows are chosen in order from an index (the page's Limit reads an index of the table,
 * directly or through the nested loops that join each row), though what it then looks up per row may
 * sort its own few rows (a student's account, the lecture a queued file is shown under).
 */
function expectPageIndexOrdered(plan: string, table: string) {
  expect(plan, plan).toMatch(new RegExp(`Limit [^\\n]*\\n(\\s*->  Nested Loop[^\\n]*\\n)*\\s*->  Index (Only )?Scan (Backward )?using \\w+ on ${table} `));
  expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on ${table}`));
}

describe('sorted lists at 100,000 rows', () => {
  it('read the page of each sort, both ways, in order from an index', { timeout: 240_000 }, async () => {
    await sql`
      insert into users (name, email_address, phone_number, roles, created_at)
      select 'Sorted ' || n, 'sorted-' || n || '@example.com', case when n % 7 = 0 then null else (8000000000 + n)::text end, '{}', now() - n * interval '1 minute'
      from generate_series(1, 100000) as n`.execute(harness.db);
    await sql`analyze users`.execute(harness.db);
    await withGinIndexesRebuilt(harness.db, 'orders', () =>
      sql`
        insert into orders (user_id, title, subscription_term, term_days, gross_paise, gst_rate, gst_paise, net_paise, status, mode, paid_at, deleted_at, coupon_code)
        select u.id, 'Plan ' || (n % 50), '12-months', 365, n % 5000, 0, 0, n % 5000,
          case when n % 10 = 0 then 'deleted' else 'paid' end, case when n % 3 = 0 then 'manual' else 'online' end,
          u.created_at, case when n % 10 = 0 then u.created_at end, case when n % 4 = 0 then 'CODE' || (n % 30) end
        from (select u.*, row_number() over () as n from users u where u.email_address like 'sorted-%') u`.execute(harness.db),
    );
    await sql`analyze orders`.execute(harness.db);

    for (const column of ORDER_SORT_COLUMNS) {
      for (const sort of [column, `-${column}`] as const) {
        const [paid] = await plansOf((db) => paidOrdersPage(db, {}, sort, 100, 0));
        expectIndexOrdered(paid!, 'orders');
        const [deleted] = await plansOf((db) => deletedOrdersPage(db, {}, sort, 100, 0));
        expectIndexOrdered(deleted!, 'orders');
      }
    }
    for (const column of USER_SORT_COLUMNS) {
      for (const sort of [column, `-${column}`] as const) {
        const [page] = await plansOf((db) => usersPage(db, {}, sort, 100, 0));
        expectIndexOrdered(page!, 'users');
      }
    }

    await withGinIndexesRebuilt(harness.db, 'lakshya_students', () =>
      sql`
        insert into lakshya_students (name, phone_number, expiry_date, created_at)
        select 'Sorted ' || (n % 5000), (7000000000 + n)::text, case when n % 5 = 0 then null else date '2027-01-01' + (n % 400) end, now() - n * interval '1 minute'
        from generate_series(1, 100000) as n`.execute(harness.db),
    );
    await sql`analyze lakshya_students`.execute(harness.db);
    for (const column of LAKSHYA_STUDENT_SORT_COLUMNS) {
      for (const sort of [column, `-${column}`] as const) {
        const [page] = await plansOf((db) => lakshyaStudentsPage(db, {}, sort, 100, 0));
        expectPageIndexOrdered(page!, 'lakshya_students');
      }
    }

    await sql`
      insert into admin_alerts (message, created_at, read_at)
      select 'Sorted alert ' || n, now() - n * interval '1 minute', case when n % 3 = 0 then null else now() - (n % 1000) * interval '1 second' end
      from generate_series(1, 100000) as n`.execute(harness.db);
    await sql`analyze admin_alerts`.execute(harness.db);
    for (const column of ALERT_SORT_COLUMNS) {
      for (const sort of [column, `-${column}`] as const) {
        const plans = await plansOf((db) => alertsPage(db, {}, { limit: 100, offset: 0, sort }));
        expectIndexOrdered(
          plans.find((plan) => plan.startsWith('Limit'))!,
          'admin_alerts',
        );
      }
    }

    await sql`
      insert into assets (file_name, content_type, kind, access_mode, size_in_bytes, sha256, storage_key)
      select 'sorted-' || n || '.mp4', 'video/mp4', 'video', 'private', 10, 'x', 'assets/sorted-' || n || '.mp4'
      from generate_series(1, 100000) as n`.execute(harness.db);
    await sql`
      insert into queue_items (asset_id, title, type, state, last_state_updated_on, created_at)
      select a.id, a.file_name, case when a.n % 2 = 0 then 'pdf' else 'video' end, case when a.n % 3 = 0 then 'failed' else 'queued' end,
        now() - (a.n % 5000) * interval '1 minute', now() - a.n * interval '1 minute'
      from (select id, file_name, row_number() over () as n from assets where file_name like 'sorted-%') a`.execute(harness.db);
    await sql`analyze assets`.execute(harness.db);
    await sql`analyze queue_items`.execute(harness.db);
    for (const column of QUEUE_SORT_COLUMNS) {
      for (const sort of [column, `-${column}`] as const) {
        const plans = await plansOf((db) => pageOfItemViews(db, { view: 'all', finishedSince: new Date(), page: 1, pageSize: 100, sort }));
        expectPageIndexOrdered(
          plans.find((plan) => plan.includes('Limit'))!,
          'queue_items',
        );
      }
    }
  });
});
