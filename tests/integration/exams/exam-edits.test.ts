import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_QUESTIONS_PER_EXAM } from '../../../shared/exams/exam.constants.ts';
import { createUser } from '../../support/test-app.ts';
import { createFreeRateCard, createPublishedExam, editableExam, questionGroup } from '../../support/exam-factory.ts';
import { waitUntilWaiting } from '../../support/pg-activity.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin', 'staff'], names: { admin: 'Asha Admin', staff: '' }, poolSize: 10 });
const asAdmin = harness.injectAs('admin');
let freeCard: string;

beforeAll(async () => {
  freeCard = await createFreeRateCard(harness.db);
});

const put = (cookie: string, id: string, payload: unknown) => harness.injectWith(cookie)('PUT', `/api/admin/exams/${id}`, payload);
const details = async (id: string) => (await asAdmin('GET', `/api/admin/exams/details/${id}`)).json();

/** The editable part of an exam as GET answers it. */
function valueOf(exam: Record<string, unknown>) {
  return editableExam(exam, ['version', 'updatedAt']);
}

describe('question and group ids', () => {
  it('refuses two questions with one id, naming the id, and changes nothing', async () => {
    const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'Ids',
      questionGroups: [questionGroup(3)],
      masterSubscription: freeCard,
    });
    const before = await details(id);
    const group = before.questionGroups[0];
    const duplicated = group.questions.map((question: Record<string, unknown>) => ({ ...question, resId: 'dup' }));
    const answer = await put(harness.cookie('admin'), id, { value: { ...valueOf(before), questionGroups: [{ ...group, questions: duplicated }] } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      type: 'validation',
      message: 'Question id "dup" is used by 3 questions: each question needs its own id',
      field: 'value.questionGroups[0].questions[1].resId',
    });
    const twoGroups = await put(harness.cookie('admin'), id, {
      value: { ...valueOf(before), questionGroups: [group, { ...questionGroup(1), resId: group.resId }] },
    });
    expect(twoGroups.json().message).toBe(`Group id "${group.resId}" is used by 2 groups: each group needs its own id`);
    expect((await details(id)).questionGroups).toEqual(before.questionGroups);
  });

  it('gives new groups and questions sent without ids an id of their own', async () => {
    const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'No ids',
      questionGroups: [questionGroup(1)],
      masterSubscription: freeCard,
    });
    const before = await details(id);
    const { resId: _group, ...group } = questionGroup(3);
    void _group;
    const questions = group.questions.map(({ resId: _question, ...question }) => question);
    const answer = await put(harness.cookie('admin'), id, {
      value: { ...valueOf(before), totalQuestions: 3, totalMarks: 3, questionGroups: [{ ...group, questions }] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const saved = (await details(id)).questionGroups[0];
    expect(saved.resId).toMatch(/^[0-9a-f-]{36}$/);
    const ids = saved.questions.map((question: { resId: string }) => question.resId);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('deleting an exam', () => {
  it('is refused when a student starts an attempt while the delete runs, and the attempt stays', async () => {
    const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'Racing delete',
      questionGroups: [questionGroup(2)],
      masterSubscription: freeCard,
    });
    const student = await createUser(harness.db, { email: 'racer@example.com' });
    const exam = await details(id);
    const starter = new pg.Client({ connectionString: harness.database.url });
    await starter.connect();
    try {
      // The attempt's insert is in its transaction when the delete arrives.
      await starter.query('begin');
      const paper = await starter.query(`insert into exam_papers (exam_id, content_hash, paper) values ($1, 'race', $2) returning id`, [
        id,
        JSON.stringify({ ...exam, questionGroups: exam.questionGroups }),
      ]);
      const attempt = await starter.query(
        `insert into exam_attempts (exam_id, user_id, paper_id, attempt_number, deadline_at) values ($1, $2, $3, 1, now() + interval '1 hour') returning id`,
        [id, student.id, paper.rows[0].id],
      );
      const deleting = asAdmin('DELETE', `/api/admin/exams/${id}`);
      await waitUntilWaiting(harness.db, '%delete from "exams"%');
      await starter.query('commit');
      const answer = await deleting;
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({ type: 'has-warnings', message: 'This exam cannot be deleted' });
      expect(answer.json().warnings[0]).toMatch(/^1 attempt\(s\) by students would be lost/);
      const kept = await harness.db.selectFrom('exam_attempts').select('id').where('id', '=', attempt.rows[0].id).executeTakeFirst();
      expect(kept).toBeDefined();
      expect((await details(id)).title).toBe('Racing delete');
    } finally {
      await starter.end();
    }
  });

  it('cannot remove an attempt even by a direct delete: the database refuses it', async () => {
    const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'Guarded',
      questionGroups: [questionGroup(1)],
      masterSubscription: freeCard,
    });
    const student = await createUser(harness.db, { email: 'guard@example.com' });
    const cookie = await harness.signIn('guard@example.com');
    expect((await harness.injectWith(cookie)('POST', `/api/student/exams/${id}/attempts`)).statusCode).toBe(200);
    await expect(harness.db.deleteFrom('exams').where('id', '=', id).execute()).rejects.toMatchObject({ code: '23001' });
    expect(await harness.db.selectFrom('exam_attempts').select('id').where('user_id', '=', student.id).execute()).toHaveLength(1);
  });
});

describe('two editors of one exam', () => {
  it('refuses a save made from an older copy with who saved it and when, and keeps the newer work', async () => {
    const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'Shared',
      questionGroups: [questionGroup(2)],
      masterSubscription: freeCard,
    });
    const loaded = await details(id);
    expect(loaded.version).toEqual(expect.any(Number));
    // The first editor adds three questions and saves.
    const more = { ...valueOf(loaded), totalQuestions: 5, totalMarks: 5, questionGroups: [...loaded.questionGroups, questionGroup(3)] };
    const first = await put(harness.cookie('admin'), id, { value: more, version: loaded.version });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(loaded.version + 1);
    // The second editor, still on the copy loaded before, saves a new title.
    const stale = await put(harness.cookie('staff'), id, { value: { ...valueOf(loaded), title: 'Renamed' }, version: loaded.version });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body).toMatchObject({ type: 'conflict', stale: { version: loaded.version + 1, updatedBy: 'Asha Admin' } });
    expect(body.message).toMatch(/^Asha Admin saved this exam at \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm) IST, after you opened it\./);
    expect(Date.parse(body.stale.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    const now = await details(id);
    expect(now.title).toBe('Shared');
    expect(now.questionGroups).toHaveLength(2);
    // Reloaded, the second editor's save goes through; a save without a version overwrites (REST clients that do not send it).
    expect((await put(harness.cookie('staff'), id, { value: { ...valueOf(now), title: 'Renamed' }, version: now.version })).statusCode).toBe(200);
    expect((await put(harness.cookie('admin'), id, { value: { ...valueOf(now), title: 'Forced' } })).statusCode).toBe(200);
    expect((await details(id)).title).toBe('Forced');
  });

  it('lets exactly one of two saves of the same copy through when they arrive together', async () => {
    const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'Together',
      questionGroups: [questionGroup(1)],
      masterSubscription: freeCard,
    });
    const loaded = await details(id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        put(i % 2 === 0 ? harness.cookie('admin') : harness.cookie('staff'), id, {
          value: { ...valueOf(loaded), title: `Title ${i}` },
          version: loaded.version,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it("names the e-mail address when the one who saved has no name, and says 'Someone' when the account is gone", async () => {
    const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'Named',
      questionGroups: [questionGroup(1)],
      masterSubscription: freeCard,
    });
    const loaded = await details(id);
    expect((await put(harness.cookie('staff'), id, { value: valueOf(loaded), version: loaded.version })).statusCode).toBe(200);
    const byStaff = await put(harness.cookie('admin'), id, { value: valueOf(loaded), version: loaded.version });
    expect(byStaff.json().stale.updatedBy).toBe('staff@example.com');
    expect(byStaff.json().message).toMatch(/^staff@example\.com saved this exam at /);

    const leaver = await createUser(harness.db, { email: 'leaver@example.com', roles: ['staff'], name: 'Leaver' });
    const current = await details(id);
    expect((await put(await harness.signIn('leaver@example.com'), id, { value: valueOf(current), version: current.version })).statusCode).toBe(200);
    await harness.db.deleteFrom('users').where('id', '=', leaver.id).execute();
    const byNobody = await put(harness.cookie('admin'), id, { value: valueOf(current), version: current.version });
    expect(byNobody.json().stale.updatedBy).toBeNull();
    expect(byNobody.json().message).toMatch(/^Someone saved this exam at /);
  });
});

describe('the largest exam', () => {
  it(`saves ${MAX_QUESTIONS_PER_EXAM} questions through REST and tRPC, and refuses a body over the limit with a message`, async () => {
    const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'Biggest',
      questionGroups: [questionGroup(1)],
      masterSubscription: freeCard,
    });
    const loaded = await details(id);
    const groups = Array.from({ length: 10 }, () => {
      const group = questionGroup(MAX_QUESTIONS_PER_EXAM / 10);
      // Realistic length: a Malayalam question with four options and a solution.
      return {
        ...group,
        questions: group.questions.map((question) => ({
          ...question,
          question: `${question.question} കേരളത്തിന്റെ തലസ്ഥാനം ഏതാണ്? `.repeat(3),
          solution: 'തിരുവനന്തപുരം '.repeat(8),
        })),
      };
    });
    const value = { ...valueOf(loaded), totalQuestions: MAX_QUESTIONS_PER_EXAM, totalMarks: MAX_QUESTIONS_PER_EXAM, questionGroups: groups };
    const rest = await put(harness.cookie('admin'), id, { value, version: loaded.version });
    expect(Buffer.byteLength(JSON.stringify({ value }))).toBeGreaterThan(2.4 * 1024 * 1024);
    expect(rest.statusCode, rest.body.slice(0, 300)).toBe(200);

    const viaTrpc = await asAdmin('POST', '/trpc/exams.save', JSON.stringify({ id, value, version: rest.json().version }), {
      'content-type': 'application/json',
    });
    expect(viaTrpc.statusCode, viaTrpc.body.slice(0, 300)).toBe(200);
    expect((await details(id)).questionGroups.flatMap((group: { questions: unknown[] }) => group.questions)).toHaveLength(MAX_QUESTIONS_PER_EXAM);

    const huge = JSON.stringify({ value: { ...value, description: 'x'.repeat(40 * 1024 * 1024) } });
    const tooBig = await asAdmin('PUT', `/api/admin/exams/${id}`, huge, { 'content-type': 'application/json' });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ type: 'validation', message: 'The request is too large: this call takes at most 32 MB' });
    const tooBigTrpc = await asAdmin('POST', '/trpc/exams.save', huge, { 'content-type': 'application/json' });
    expect(tooBigTrpc.statusCode).toBe(413);
    expect(tooBigTrpc.json().error).toMatchObject({
      message: 'The request is too large: this call takes at most 32 MB',
      data: { code: 'PAYLOAD_TOO_LARGE', type: 'validation' },
    });
  });

  it('keeps the default limit for every other call, and reads no large body from a caller without the screen', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) });
    const create = await asAdmin('POST', '/trpc/exams.create', big, { 'content-type': 'application/json' });
    expect(create.statusCode).toBe(413);
    expect(create.json().error.message).toBe('The request is too large: this call takes at most 1 MB');
    const signedOut = await harness.app.inject({
      method: 'POST',
      url: '/trpc/exams.save',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'x', value: { description: 'x'.repeat(5 * 1024 * 1024) } }),
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.data).toMatchObject({ type: 'unauthenticated', path: 'exams.save' });
  });
});
