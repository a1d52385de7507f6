import { describe, expect, it } from 'vitest';
import { RANK_FILE_MESSAGES, RANK_FILE_WARNINGS } from '../../../shared/rank-files/rank-files.schema.ts';
import { createUser } from '../../support/test-app.ts';
import { createPaidRateCard } from '../../support/exam-factory.ts';
import { useApp } from '../../support/app-harness.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';

const harness = useApp({ names: { admin: 'Asha' } });
const asAdmin = harness.injectAs('admin');

async function createRankFile(title = 'LDC 2026 rank list') {
  const response = await asAdmin('POST', '/api/admin/rankfiles', { title });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()._id as string;
}

async function exam(title: string, published = true) {
  return (
    await harness.db
      .insertInto('exams')
      .values({ title, template_id: 'mock-test', is_visible: published, is_published: published })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

let seq = 0;
/** A student's first submitted attempt of an exam with this score. */
async function firstAttempt(examId: string, userId: string, score: number) {
  seq += 1;
  const paper = await harness.db
    .insertInto('exam_papers')
    .values({ exam_id: examId, content_hash: `h${seq}`, paper: JSON.stringify({}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await harness.db
    .insertInto('exam_attempts')
    .values({
      exam_id: examId,
      user_id: userId,
      paper_id: paper.id,
      attempt_number: 1,
      status: 'submitted',
      score,
      is_first: true,
      submitted_seq: seq,
      deadline_at: new Date(),
    })
    .execute();
}

describe('rank files', () => {
  it('adds one ("Please provide a title" when blank), saves its groups in order with their exams, and decides its publish state', async () => {
    expect((await asAdmin('POST', '/api/admin/rankfiles', { title: ' ' })).json().message).toBe(RANK_FILE_MESSAGES.titleRequired);
    const id = await createRankFile();
    const [e1, e2] = [await exam('Mock 1'), await exam('Mock 2', false)];
    const card = await createPaidRateCard(harness.db);
    const saved = await asAdmin('PUT', `/api/admin/rankfiles/${id}`, {
      value: {
        title: 'LDC 2026 rank list',
        isVisible: true,
        masterSubscription: card,
        sortIndex: ' 3a ',
        groups: [{ title: 'Week 1', exam: e1 }, { title: 'Week 2', exam: e2 }, { title: 'Week 3' }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      isPublished: false,
      publishWarnings: [RANK_FILE_WARNINGS.unpublishedExam('Mock 2'), RANK_FILE_WARNINGS.groupWithoutExam('Week 3')],
      version: 2,
    });
    const groupResIds = saved.json().groupResIds as string[];
    const file = (await asAdmin('GET', `/api/admin/rankfiles/${id}`)).json();
    expect(file.groups.map((group: { resId: string }) => group.resId)).toEqual(groupResIds);
    expect(file.groups.map((group: { title: string; exam: string | null }) => [group.title, group.exam])).toEqual([
      ['Week 1', e1],
      ['Week 2', e2],
      ['Week 3', null],
    ]);
    expect(file).toMatchObject({ sortIndex: '3a', masterSubscription: { _id: card } });

    // Moved and fixed: only the published exam, first group last.
    const fixed = await asAdmin('PUT', `/api/admin/rankfiles/${id}`, {
      version: 2,
      value: { title: 'LDC 2026 rank list', isVisible: true, masterSubscription: card, groups: [{ resId: groupResIds[0], title: 'Week 1', exam: e1 }] },
    });
    expect(fixed.json()).toMatchObject({ isPublished: true, publishWarnings: [] });
    expect((await asAdmin('GET', '/api/admin/rankfiles')).json().find((entry: { _id: string }) => entry._id === id)).toMatchObject({
      isPublished: true,
      masterSubscription: { _id: card },
    });
  });

  it('refuses an exam in two groups, an unknown exam or rate card, and a stale save, changing nothing', async () => {
    const id = await createRankFile('Refusals');
    const e1 = await exam('Twice');
    for (const [value, message] of [
      [{ groups: [{ exam: e1 }, { exam: e1 }] }, 'An exam is in more than one group'],
      [{ groups: [{ exam: UNKNOWN_ID }] }, `Exam not found: ${UNKNOWN_ID}`],
      [{ masterSubscription: UNKNOWN_ID }, 'The rate card was not found'],
    ] as const) {
      const response = await asAdmin('PUT', `/api/admin/rankfiles/${id}`, { value: { title: 'Changed', ...value } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await asAdmin('PUT', `/api/admin/rankfiles/${id}`, { version: 1, value: { title: 'First' } })).statusCode).toBe(200);
    const stale = await asAdmin('PUT', `/api/admin/rankfiles/${id}`, { version: 1, value: { title: 'Second' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().stale).toMatchObject({ version: 2, updatedBy: 'Asha' });
    expect((await asAdmin('GET', `/api/admin/rankfiles/${UNKNOWN_ID}`)).statusCode).toBe(404);
  });

  it("ranks students by their first attempts of the file's exams, summed, equal totals sharing a rank; published only after a sync, and not synced while published", async () => {
    const id = await createRankFile('Ranked');
    const [e1, e2, other] = [await exam('Paper 1'), await exam('Paper 2'), await exam('Not in the file')];
    await asAdmin('PUT', `/api/admin/rankfiles/${id}`, {
      value: {
        title: 'Ranked',
        groups: [
          { title: 'A', exam: e1 },
          { title: 'B', exam: e2 },
        ],
      },
    });
    const [anu, binu, chitra, devan] = await Promise.all(
      ['Anu', 'Binu', 'Chitra', 'Devan'].map((name) => createUser(harness.db, { name, email: `${name.toLowerCase()}@example.com` })),
    );
    await firstAttempt(e1, anu!.id, 40);
    await firstAttempt(e2, anu!.id, 30);
    await firstAttempt(e1, binu!.id, 70);
    await firstAttempt(e1, chitra!.id, 50);
    await firstAttempt(e2, chitra!.id, 10);
    await firstAttempt(other, devan!.id, 99);

    const neverSynced = await asAdmin('PUT', `/api/admin/rankfiles/${id}/ranking/status/published`);
    expect(neverSynced.statusCode).toBe(409);
    expect(neverSynced.json().message).toBe(RANK_FILE_MESSAGES.neverSynced);
    const synced = await asAdmin('PUT', `/api/admin/rankfiles/${id}/ranking/sync`);
    expect(synced.json()).toMatchObject({ isRankPublished: false, totalParticipants: 3, lastRankRefresh: expect.any(Number) });
    const ranking = (await asAdmin('GET', `/api/admin/rankfiles/${id}/ranking`)).json() as Array<{
      rank: number;
      total: number;
      examsTaken: number;
      userId: { name: string };
    }>;
    expect(ranking.map((row) => [row.userId.name, row.total, row.examsTaken, row.rank])).toEqual([
      ['Anu', 70, 2, 1],
      ['Binu', 70, 1, 1],
      ['Chitra', 60, 2, 3],
    ]);

    expect((await asAdmin('PUT', `/api/admin/rankfiles/${id}/ranking/status/published`)).json().isRankPublished).toBe(true);
    const refused = await asAdmin('PUT', `/api/admin/rankfiles/${id}/ranking/sync`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RANK_FILE_MESSAGES.publishedSync);
  });

  it('shows a published ranking to a student who may open the rank file, with their own place', async () => {
    const id = await createRankFile('Student view');
    const e1 = await exam('Only paper');
    await asAdmin('PUT', `/api/admin/rankfiles/${id}`, { value: { title: 'Student view', isVisible: true, groups: [{ title: 'A', exam: e1 }] } });
    const student = await createUser(harness.db, { name: 'Eldho', email: 'eldho@example.com' });
    const cookie = await harness.signIn('eldho@example.com');
    await firstAttempt(e1, student.id, 12);
    // Not published yet (the file has no rate card: it is free, but offline).
    expect((await harness.injectWith(cookie)('GET', `/api/student/rank-files/${id}/ranking`)).statusCode).toBe(404);
    const card = await createPaidRateCard(harness.db, 'Rank pack');
    await asAdmin('PUT', `/api/admin/rankfiles/${id}`, {
      value: { title: 'Student view', isVisible: true, masterSubscription: card, groups: [{ title: 'A', exam: e1 }] },
    });
    expect((await harness.injectWith(cookie)('GET', `/api/student/rank-files/${id}/ranking`)).json().message).toBe(RANK_FILE_MESSAGES.notEntitled);
    await harness.db.insertInto('entitlements').values({ user_id: student.id, subscription_id: card }).execute();
    expect((await harness.injectWith(cookie)('GET', `/api/student/rank-files/${id}/ranking`)).json().message).toBe(RANK_FILE_MESSAGES.notPublished);
    await asAdmin('PUT', `/api/admin/rankfiles/${id}/ranking/sync`);
    await asAdmin('PUT', `/api/admin/rankfiles/${id}/ranking/status/published`);
    const view = await harness.injectWith(cookie)('GET', `/api/student/rank-files/${id}/ranking`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      totalParticipants: 1,
      items: [{ rank: 1, name: 'Eldho', totalScore: 12 }],
      total: 1,
      me: { rank: 1, totalScore: 12, examsTaken: 1 },
    });
  });

  it('refuses to delete a rank file a course lists, or an exam a rank file uses, naming them', async () => {
    const id = await createRankFile('Listed');
    const e1 = await exam('Grouped exam');
    await asAdmin('PUT', `/api/admin/rankfiles/${id}`, { value: { title: 'Listed', groups: [{ title: 'A', exam: e1 }] } });
    const course = (await asAdmin('POST', '/api/admin/courses', { title: 'Lists it' })).json()._id as string;
    expect((await asAdmin('PUT', `/api/admin/courses/${course}`, { value: { title: 'Lists it', rankFiles: [id] } })).statusCode).toBe(200);
    const refused = await asAdmin('DELETE', `/api/admin/rankfiles/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().warnings).toEqual(['It is in the course “Lists it”']);
    const examRefused = await asAdmin('DELETE', `/api/admin/exams/${e1}`);
    expect(examRefused.json().warnings).toEqual(['It is in the rank file “Listed”']);
    await asAdmin('PUT', `/api/admin/courses/${course}`, { value: { title: 'Lists it' } });
    expect((await asAdmin('DELETE', `/api/admin/rankfiles/${id}`)).json()).toEqual({ status: 'deleted' });
    expect((await asAdmin('DELETE', `/api/admin/exams/${e1}`)).statusCode).toBe(200);
  });
});
