import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEY_REPORT_MESSAGES, keyReportAlertMessage, REPORTS_BEFORE_ALERT, REPORTS_PER_STUDENT_PER_HOUR } from '../../../shared/exams/key-reports.constants.ts';
import { openReportCounts } from '../../../server/exams/key-reports.repository.ts';
import { createUser } from '../../support/test-app.ts';
import { createFreeRateCard, createPublishedExam, questionGroup } from '../../support/exam-factory.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin', 'staff'] });
const students: Array<{ id: string; cookie: string }> = [];
let freeCard: string;

beforeAll(async () => {
  for (let i = 1; i <= 8; i += 1) {
    const user = await createUser(harness.db, { email: `reporter${i}@example.com`, name: `Reporter ${i}` });
    students.push({ id: user.id, cookie: await harness.signIn(`reporter${i}@example.com`) });
  }
  freeCard = await createFreeRateCard(harness.db);
});

const student = (i: number) => students[i]!;

async function examWith(count: number, title = 'Mock') {
  const group = questionGroup(count);
  const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), { title, questionGroups: [group], masterSubscription: freeCard });
  return { id, questions: group.questions.map((question) => question.resId) };
}

async function submitExam(cookie: string, examId: string) {
  const started = await harness.injectWith(cookie)('POST', `/api/student/exams/${examId}/attempts`);
  expect(started.statusCode).toBe(200);
  const submitted = await harness.injectWith(cookie)('POST', `/api/student/attempts/${started.json()._id}/submit`);
  expect(submitted.statusCode).toBe(200);
}

const report = (cookie: string, examId: string, questionResId: string, reason: unknown = 'Option B is right: see the 2019 gazette') =>
  harness.injectWith(cookie)('POST', `/api/student/exams/${examId}/questions/${encodeURIComponent(questionResId)}/reports`, { reason });

const alertsOf = (examId: string) => harness.db.selectFrom('admin_alerts').selectAll().where('resource_id', '=', examId).execute();

describe('a student reports a wrong answer key', () => {
  it('takes a reason of 1 and of 500 characters after trimming; refuses none, blanks and 501 (naming the field), changing nothing', async () => {
    const exam = await examWith(3);
    const { cookie } = student(0);
    await submitExam(cookie, exam.id);

    for (const [reason, message] of [
      ['', KEY_REPORT_MESSAGES.reasonRequired],
      ['   ', KEY_REPORT_MESSAGES.reasonRequired],
      ['x'.repeat(501), KEY_REPORT_MESSAGES.reasonTooLong],
      [42, KEY_REPORT_MESSAGES.reasonRequired],
    ] as const) {
      const refused = await report(cookie, exam.id, exam.questions[0]!, reason);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
      expect(refused.json().message).toMatch(/reason/i);
    }
    const missing = await harness.injectWith(cookie)('POST', `/api/student/exams/${exam.id}/questions/${exam.questions[0]}/reports`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(KEY_REPORT_MESSAGES.reasonRequired);
    expect(await harness.db.selectFrom('exam_key_reports').selectAll().where('exam_id', '=', exam.id).execute()).toEqual([]);

    const one = await report(cookie, exam.id, exam.questions[0]!, '  B  ');
    expect(one.statusCode).toBe(201);
    expect(one.json()).toMatchObject({
      examId: exam.id,
      questionResId: exam.questions[0],
      reason: 'B',
      status: 'open',
      resolvedAt: null,
      resolutionNote: null,
    });
    const longest = await report(cookie, exam.id, exam.questions[1]!, ` ${'y'.repeat(500)} `);
    expect(longest.statusCode).toBe(201);
    expect(longest.json().reason).toHaveLength(500);
  });

  it('refuses (404) an exam the student has not submitted, one that does not exist, and a question not in their paper', async () => {
    const exam = await examWith(2);
    const { cookie } = student(1);
    const notAttempted = await report(cookie, exam.id, exam.questions[0]!);
    expect(notAttempted.statusCode).toBe(404);
    expect(notAttempted.json().message).toBe(KEY_REPORT_MESSAGES.notAttempted);
    // Started but not submitted is not attempted either.
    await harness.injectWith(cookie)('POST', `/api/student/exams/${exam.id}/attempts`);
    expect((await report(cookie, exam.id, exam.questions[0]!)).json().message).toBe(KEY_REPORT_MESSAGES.notAttempted);
    // An exam that does not exist answers the same as one the student did not take.
    for (const examId of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await report(cookie, examId, 'q1');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(KEY_REPORT_MESSAGES.notAttempted);
    }
    const other = await examWith(2);
    await submitExam(cookie, other.id);
    const notInPaper = await report(cookie, other.id, exam.questions[0]!);
    expect(notInPaper.statusCode).toBe(404);
    expect(notInPaper.json().message).toBe(KEY_REPORT_MESSAGES.notInPaper);
  });

  it('takes one report per question per student: a second answers 409, and of two at once one is 201 and one 409', async () => {
    const exam = await examWith(2);
    const { cookie } = student(2);
    await submitExam(cookie, exam.id);
    expect((await report(cookie, exam.id, exam.questions[0]!)).statusCode).toBe(201);
    const again = await report(cookie, exam.id, exam.questions[0]!, 'Another reason');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(KEY_REPORT_MESSAGES.duplicate);

    const both = await Promise.all([report(cookie, exam.id, exam.questions[1]!, 'first'), report(cookie, exam.id, exam.questions[1]!, 'second')]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((answer) => answer.statusCode === 409)!.json().message).toBe(KEY_REPORT_MESSAGES.duplicate);
    const stored = await harness.db.selectFrom('exam_key_reports').select('question_res_id').where('exam_id', '=', exam.id).execute();
    expect(stored).toHaveLength(2);
  });

  it(`allows ${REPORTS_PER_STUDENT_PER_HOUR} reports an hour per student, then 429 with Retry-After; other students are not held up`, async () => {
    const exam = await examWith(REPORTS_PER_STUDENT_PER_HOUR + 2);
    const eager = await createUser(harness.db, { email: 'eager@example.com', name: 'Eager' });
    const cookie = await harness.signIn('eager@example.com');
    await submitExam(cookie, exam.id);
    await submitExam(student(4).cookie, exam.id);
    // Refused reports (not allowed, a duplicate) do not count.
    const untaken = await examWith(1);
    expect((await report(cookie, untaken.id, untaken.questions[0]!)).statusCode).toBe(404);
    expect((await report(cookie, exam.id, 'no-such-question')).statusCode).toBe(404);
    for (let i = 0; i < REPORTS_PER_STUDENT_PER_HOUR; i += 1) expect((await report(cookie, exam.id, exam.questions[i]!)).statusCode).toBe(201);
    const limited = await report(cookie, exam.id, exam.questions[REPORTS_PER_STUDENT_PER_HOUR]!);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(KEY_REPORT_MESSAGES.tooMany);
    expect((await report(cookie, exam.id, exam.questions[0]!)).statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await harness.db.selectFrom('exam_key_reports').select('id').where('user_id', '=', eager.id).execute()).toHaveLength(REPORTS_PER_STUDENT_PER_HOUR);
    expect((await report(student(4).cookie, exam.id, exam.questions[0]!)).statusCode).toBe(201);
  });

  it('lists the student’s own reports of the exam with their state and the resolution note', async () => {
    const exam = await examWith(2);
    const { cookie } = student(5);
    await submitExam(cookie, exam.id);
    await submitExam(student(6).cookie, exam.id);
    const mine = (await report(cookie, exam.id, exam.questions[0]!, 'Mine')).json();
    await report(student(6).cookie, exam.id, exam.questions[0]!, 'Not mine');
    await harness.injectAs('admin')('POST', `/api/admin/exams/${exam.id}/reports/resolve`, {
      reportIds: [mine._id],
      note: 'The key is right: see the solution',
    });
    const listed = await harness.injectWith(cookie)('GET', `/api/student/exams/${exam.id}/reports`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toEqual([
      expect.objectContaining({
        _id: mine._id,
        questionResId: exam.questions[0],
        reason: 'Mine',
        status: 'resolved',
        resolutionNote: 'The key is right: see the solution',
      }),
    ]);
    expect(listed.json().items[0].resolvedAt).toEqual(expect.any(String));
    expect((await harness.injectWith(cookie)('GET', '/api/student/exams/not-an-id/reports')).json()).toEqual({
      items: [],
      page: 1,
      pageSize: 20,
      hasMore: false,
      total: 0,
    });
  });
});

describe('the alert at a question’s 5th report', () => {
  async function examTakenBy(count: number, title: string) {
    const exam = await examWith(3, title);
    for (let i = 0; i < count; i += 1) await submitExam(student(i).cookie, exam.id);
    return exam;
  }

  it('raises one alert naming the question’s number and the exam, linked to the exam, at the 5th report and not at the 6th', async () => {
    const exam = await examTakenBy(7, 'Kerala history');
    const question = exam.questions[2]!;
    for (let i = 0; i < REPORTS_BEFORE_ALERT - 1; i += 1) expect((await report(student(i).cookie, exam.id, question)).statusCode).toBe(201);
    expect(await alertsOf(exam.id)).toEqual([]);
    expect((await report(student(4).cookie, exam.id, question)).statusCode).toBe(201);
    expect((await report(student(5).cookie, exam.id, question)).statusCode).toBe(201);
    const alerts = await alertsOf(exam.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ message: keyReportAlertMessage(3, 'Kerala history'), resource_type: 'exam', resource_id: exam.id });
    expect(alerts[0]!.message).toBe('Question 3 of “Kerala history” has 5 reports of a wrong answer key');
  });

  it('raises exactly one alert when the 5th and 6th reports arrive at the same moment, and when all arrive at once', async () => {
    const exam = await examTakenBy(8, 'Geography');
    const [first, second] = exam.questions;
    for (let i = 0; i < REPORTS_BEFORE_ALERT - 1; i += 1) await report(student(i).cookie, exam.id, first!);
    const together = await Promise.all([report(student(4).cookie, exam.id, first!), report(student(5).cookie, exam.id, first!)]);
    expect(together.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const allAtOnce = await Promise.all(students.map(({ cookie }) => report(cookie, exam.id, second!)));
    expect(allAtOnce.every((answer) => answer.statusCode === 201)).toBe(true);
    const alerts = await alertsOf(exam.id);
    expect(alerts.map((alert) => alert.message).sort()).toEqual([keyReportAlertMessage(1, 'Geography'), keyReportAlertMessage(2, 'Geography')]);
  });
});

describe('staff read and resolve the reports', () => {
  let exam: { id: string; questions: string[] };
  beforeAll(async () => {
    exam = await examWith(3, 'Staff view');
    for (let i = 0; i < 3; i += 1) {
      await submitExam(student(i).cookie, exam.id);
      await report(student(i).cookie, exam.id, exam.questions[0]!, `Reason ${i + 1}`);
    }
    await report(student(0).cookie, exam.id, exam.questions[1]!, 'Second question');
  });

  const list = (query = '') => harness.injectAs('admin')('GET', `/api/admin/exams/${exam.id}/reports${query}`);
  const resolve = (body: unknown, as: 'admin' | 'staff' = 'admin') => harness.injectAs(as)('POST', `/api/admin/exams/${exam.id}/reports/resolve`, body);

  it('lists each question’s counts and a page of the reports, open first, filtered by state and question', async () => {
    const page = await list('?pageSize=2');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.questions).toEqual([
      { questionResId: exam.questions[0], number: 1, question: expect.any(String), openCount: 3, totalCount: 3 },
      { questionResId: exam.questions[1], number: 2, question: expect.any(String), openCount: 1, totalCount: 1 },
    ]);
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(body.reports).toHaveLength(2);
    expect(body.reports[0]).toMatchObject({ status: 'open', student: { name: expect.stringMatching(/^Reporter/) }, resolvedBy: null });
    const second = (await list('?pageSize=2&page=2')).json();
    expect(second.reports).toHaveLength(2);
    expect(new Set([...body.reports, ...second.reports].map((r: { _id: string }) => r._id)).size).toBe(4);

    const one = (await list(`?question=${exam.questions[1]}`)).json();
    expect(one.reports.map((r: { reason: string }) => r.reason)).toEqual(['Second question']);
    expect((await list('?status=resolved')).json().total).toBe(0);
    const bad = await list('?status=closed');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/status/);
    expect((await harness.injectAs('admin')('GET', '/api/admin/exams/00000000-0000-4000-8000-000000000000/reports')).statusCode).toBe(404);
    expect(await openReportCounts(harness.db, exam.id)).toEqual(
      new Map([
        [exam.questions[0]!, 3],
        [exam.questions[1]!, 1],
      ]),
    );
  });

  it('resolves by question with a note, records it on the exam, and says so when resolving again changes nothing', async () => {
    const done = await resolve({ questionResId: exam.questions[0], note: '  Key checked: B is right  ' }, 'staff');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ resolved: 3, alreadyResolved: 0, message: KEY_REPORT_MESSAGES.resolved(3) });
    const rows = await harness.db.selectFrom('exam_key_reports').selectAll().where('question_res_id', '=', exam.questions[0]!).execute();
    expect(
      rows.every((row) => row.resolved_at !== null && row.resolution_note === 'Key checked: B is right' && row.resolved_by === harness.userId('staff')),
    ).toBe(true);

    const entries = await harness.db
      .selectFrom('audit_log')
      .selectAll()
      .where('resource_type', '=', 'exam')
      .where('resource_id', '=', exam.id)
      .where('action', '=', 'update')
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ resource_title: 'Staff view' });
    expect(entries[0]!.changes).toEqual({
      [`openReports ${exam.questions[0]}`]: { from: 3, to: 0 },
      resolutionNote: { from: null, to: 'Key checked: B is right' },
    });

    const again = await resolve({ questionResId: exam.questions[0] });
    expect(again.json()).toEqual({ resolved: 0, alreadyResolved: 3, message: KEY_REPORT_MESSAGES.alreadyResolved });
    expect(await harness.db.selectFrom('audit_log').select('seq').where('resource_id', '=', exam.id).where('action', '=', 'update').execute()).toHaveLength(1);

    const counts = (await list('?status=all')).json().questions;
    expect(counts[0]).toMatchObject({ questionResId: exam.questions[1], openCount: 1, totalCount: 1 });
    expect(counts[1]).toMatchObject({ questionResId: exam.questions[0], openCount: 0, totalCount: 3 });
    expect((await list('?status=resolved')).json().reports[0].resolvedBy).toMatchObject({ _id: harness.userId('staff') });
  });

  it('resolves by id; refuses ids of no report of the exam (404), neither or both ways of naming (400) and a note of 501 characters', async () => {
    const open = (await list(`?question=${exam.questions[1]}`)).json().reports[0]._id;
    const unknown = await resolve({ reportIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(KEY_REPORT_MESSAGES.reportsNotFound);
    for (const body of [{}, { reportIds: [open], questionResId: exam.questions[1] }]) {
      const refused = await resolve(body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(KEY_REPORT_MESSAGES.resolveWhat);
    }
    const badId = await resolve({ reportIds: ['nope'] });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe(KEY_REPORT_MESSAGES.reportIdInvalid);
    const longNote = await resolve({ reportIds: [open], note: 'n'.repeat(501) });
    expect(longNote.statusCode).toBe(400);
    expect(longNote.json().message).toBe(KEY_REPORT_MESSAGES.noteTooLong);
    expect((await list()).json().questions.find((q: { questionResId: string }) => q.questionResId === exam.questions[1]).openCount).toBe(1);

    const auditCount = async () =>
      (await harness.db.selectFrom('audit_log').select('seq').where('resource_id', '=', exam.id).where('action', '=', 'update').execute()).length;
    const before = await auditCount();
    // Two staff resolving the same report at once: one resolves it, the other is told nothing changed.
    const both = await Promise.all([resolve({ reportIds: [open] }), resolve({ reportIds: [open] }, 'staff')]);
    expect(both.map((answer) => answer.json().resolved).sort()).toEqual([0, 1]);
    expect(both.map((answer) => answer.json().message).sort()).toEqual([KEY_REPORT_MESSAGES.resolved(1), KEY_REPORT_MESSAGES.alreadyResolved].sort());
    expect(await auditCount()).toBe(before + 1);
  });

  it('is refused (403) to a signed-in account without the Exams screen, and (401) to nobody', async () => {
    const asStudent = harness.injectWith(student(0).cookie);
    expect((await asStudent('GET', `/api/admin/exams/${exam.id}/reports`)).statusCode).toBe(403);
    expect((await asStudent('POST', `/api/admin/exams/${exam.id}/reports/resolve`, { questionResId: exam.questions[1] })).statusCode).toBe(403);
    expect((await harness.injectAs('nobody')('GET', `/api/admin/exams/${exam.id}/reports`)).statusCode).toBe(401);
    expect((await harness.injectAs('nobody')('POST', `/api/student/exams/${exam.id}/questions/q/reports`, { reason: 'x' })).statusCode).toBe(401);
  });
});

describe('at 100,000 reports of one exam', () => {
  it('answers a staff page, each filter, and the open counts from the indexes, each in well under a second', async () => {
    const exam = await examWith(100, 'Statewide');
    // 1,000 students × 100 questions; every third report resolved.
    await sql`
      with made as (
        insert into users (name, email_address, roles)
        select 'Bulk ' || n, 'bulk' || n || '@example.com', '{}' from generate_series(1, 1000) as n
        returning id
      )
      insert into exam_key_reports (exam_id, question_res_id, user_id, reason, created_at, resolved_at)
      select ${exam.id}, q.res_id, made.id, 'Bulk reason', now() - (random() * interval '30 days'),
        case when random() < 0.33 then now() end
      from made cross join unnest(${exam.questions}::text[]) as q(res_id)`.execute(harness.db);
    await sql`analyze exam_key_reports`.execute(harness.db);

    for (const query of ['', '?status=all&page=40', '?status=resolved', `?question=${exam.questions[57]}&status=all`]) {
      const started = performance.now();
      const page = await harness.injectAs('admin')('GET', `/api/admin/exams/${exam.id}/reports${query}`);
      const took = performance.now() - started;
      expect(page.statusCode).toBe(200);
      expect(page.json().questions).toHaveLength(100);
      expect(page.json().reports).toHaveLength(50);
      expect(took).toBeLessThan(1000);
    }
    const counts = await openReportCounts(harness.db, exam.id);
    expect(counts.size).toBe(100);
    expect([...counts.values()].reduce((sum, n) => sum + n, 0)).toBeGreaterThan(50_000);

    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain select id from exam_key_reports r
      where r.exam_id = ${exam.id} and (r.resolved_at is not null) = false
      order by (r.resolved_at is not null), r.created_at desc, r.id desc limit 50`.execute(harness.db);
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('exam_key_reports_exam_idx');
  });
});
