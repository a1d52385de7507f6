import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');

const STUDENTS = 100_000;
/** Every fifth student of the first 100,000 numbers has an account; a few numbers have two. */
const REGISTERED = 20_000;

beforeAll(async () => {
  // As right after a bulk load: no statistics yet until the tests below ask for them.
  await sql`alter table users set (autovacuum_enabled = false)`.execute(harness.db);
  await sql`alter table lakshya_students set (autovacuum_enabled = false)`.execute(harness.db);
  await sql`
    insert into lakshya_students (name, phone_number, expiry_date, created_at)
    select 'Student ' || i, (6000000000 + i)::text, null, timestamptz '2026-01-01' + i * interval '1 second'
    from generate_series(0, ${STUDENTS - 1}) as i`.execute(harness.db);
  // Accounts whose numbers are written as people write them: +91, spaces, a leading 0, dashes.
  await sql`
    insert into users (name, email_address, phone_number, roles, created_at)
    select 'Account of ' || i, 'registered-' || i || '@example.com',
      case i % 4 when 0 then '+91 ' || (6000000000 + i)::text when 1 then '0' || (6000000000 + i)::text
        when 2 then substr((6000000000 + i)::text, 1, 5) || '-' || substr((6000000000 + i)::text, 6) else (6000000000 + i)::text end,
      '{}', timestamptz '2026-02-01' + i * interval '1 second'
    from generate_series(0, ${STUDENTS - 1}, 5) as i`.execute(harness.db);
  // A later second account with the number of student 99995: the list shows the earlier one.
  await sql`insert into users (name, email_address, phone_number, roles, created_at) values ('Later account', 'later@example.com', '6000099995', '{}', timestamptz '2027-01-01')`.execute(
    harness.db,
  );
  // Accounts with other numbers, or none.
  await sql`
    insert into users (name, email_address, phone_number, roles, created_at)
    select 'Other ' || n, 'other-' || n || '@example.com', case when n % 3 = 0 then null else (7000000000 + n)::text end, '{}', now() - n * interval '1 minute'
    from generate_series(1, 100000) as n`.execute(harness.db);
}, 180_000);

interface Listed {
  students: Array<{ _id: string; name: string; phoneNumber: string; user: { _id: string; name: string } | null }>;
  total: number;
}

/** The list as the console asks for it (its speed at this size is measured by the benchmarks). */
async function list(query: string): Promise<Listed> {
  const answer = await asAdmin('GET', `/api/admin/lakshya-students?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Listed;
}

describe.each([
  { when: 'before the tables have statistics', prepare: async () => {} },
  {
    when: 'once analyzed',
    prepare: async () => {
      await sql`vacuum analyze lakshya_students`.execute(harness.db);
      await sql`vacuum analyze users`.execute(harness.db);
    },
  },
])('the lakshya-students list at 100,000 students and 120,000 accounts, $when', ({ prepare }) => {
  beforeAll(prepare, 120_000);

  it('answers the first page and the count at once, with the account of each number', async () => {
    const first = await list('');
    expect(first.total).toBe(STUDENTS);
    expect(first.students[0]).toMatchObject({ name: 'Student 99999', phoneNumber: '6000099999', user: null });
    expect(first.students[4]).toMatchObject({ name: 'Student 99995', user: { name: 'Account of 99995' } });
    expect(first.students.filter((student) => student.user !== null)).toHaveLength(first.students.length / 5);
  });

  it('filters by registration, name and number, and counts what it keeps', async () => {
    const registered = await list('registered=yes');
    expect(registered.total).toBe(REGISTERED);
    expect(registered.students.map((student) => student.name).slice(0, 3)).toEqual(['Student 99995', 'Student 99990', 'Student 99985']);
    expect(registered.students.every((student) => student.user !== null)).toBe(true);

    const unregistered = await list('registered=no');
    expect(unregistered.total).toBe(STUDENTS - REGISTERED);
    expect(unregistered.students.map((student) => student.name).slice(0, 3)).toEqual(['Student 99999', 'Student 99998', 'Student 99997']);
    expect(unregistered.students.every((student) => student.user === null)).toBe(true);

    const named = await list('name=student%204242');
    expect(named.total).toBe(11);
    expect(named.students.map((student) => student.name)).toContain('Student 4242');
    expect((await list('name=student%204242&registered=yes')).students.map((student) => student.name)).toEqual(['Student 42425', 'Student 42420']);

    const numbered = await list('phoneNumber=60000-4242');
    expect(numbered.total).toBe(10);
    expect((await list('phoneNumber=6000042425')).students).toMatchObject([{ name: 'Student 42425', user: { name: 'Account of 42425' } }]);
    expect((await list('name=nobody')).total).toBe(0);
  });

  it('pages deep into the list', async () => {
    const last = await list('page=1000&pageSize=100');
    expect(last.students).toHaveLength(100);
    expect(last.students.at(-1)).toMatchObject({ name: 'Student 0', user: { name: 'Account of 0' } });
    const deepUnregistered = await list('registered=no&page=800&pageSize=100');
    expect(deepUnregistered.students.at(-1)).toMatchObject({ name: 'Student 1', user: null });
  });
});
