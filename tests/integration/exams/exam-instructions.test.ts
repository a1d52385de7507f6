import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_WARNINGS } from '../../../shared/exams/exam-publish.rules.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../support/test-app.ts';
import { createFreeRateCard, createPublishedExam, questionGroup } from '../../support/exam-factory.ts';

let database: TestDatabase;
let app: FastifyInstance;
let admin: string;
let student: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  await createUser(database.db, { email: 'admin@example.com', roles: ['admin'] });
  await createUser(database.db, { email: 'student@example.com', roles: [] });
  admin = await signIn(app, 'admin@example.com');
  student = await signIn(app, 'student@example.com');
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const request = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: Record<string, unknown>) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

describe('publishing an exam with an empty instruction line', () => {
  it('keeps the exam offline, naming each empty line, until the lines are written or removed', async () => {
    const masterSubscription = await createFreeRateCard(database.db);
    const questionGroups = [questionGroup(2)];
    const instructions = ['Each question carries one mark.', '', 'A third of a mark is taken off for a wrong answer.', '   '];
    const { id, saved } = await createPublishedExam(app, admin, { title: 'Village Field Assistant Mock', questionGroups, masterSubscription, instructions });
    expect(saved).toMatchObject({ isPublished: false, publishWarnings: [EXAM_WARNINGS.emptyInstruction(2), EXAM_WARNINGS.emptyInstruction(4)] });
    expect(EXAM_WARNINGS.emptyInstruction(2)).toBe('Instruction 2 is empty: write it or remove it');

    // Stored as typed (nothing is lost), and not offered to students.
    const stored = (await request('GET', `/api/admin/exams/details/${id}`, admin)).json();
    expect(stored).toMatchObject({ isPublished: false, isVisible: true, instructions, publishWarnings: [EXAM_WARNINGS.emptyInstruction(2), EXAM_WARNINGS.emptyInstruction(4)] });
    const offered = (await request('GET', '/api/student/exams', student)).json() as Array<{ _id: string }>;
    expect(offered.map((exam) => exam._id)).not.toContain(id);
    expect((await request('POST', `/api/student/exams/${id}/attempts`, student)).statusCode).toBeGreaterThanOrEqual(400);

    // Removing one blank line and writing the other publishes it.
    const fixed = ['Each question carries one mark.', 'A third of a mark is taken off for a wrong answer.', 'No calculators.'];
    const { _id, templateId, isPublished, publishMessage, hasPublishMessage, publishWarnings, isRankPublished, lastRankRefresh, createdAt, hasTimeRestrictedGroup, updatedAt, ...value } = stored;
    void [_id, templateId, isPublished, publishMessage, hasPublishMessage, publishWarnings, isRankPublished, lastRankRefresh, createdAt, hasTimeRestrictedGroup, updatedAt];
    const published = await request('PUT', `/api/admin/exams/${id}`, admin, { value: { ...value, instructions: fixed } });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ isPublished: true, publishWarnings: [] });
    const now = (await request('GET', '/api/student/exams', student)).json() as Array<{ _id: string }>;
    expect(now.map((exam) => exam._id)).toContain(id);
  });

  it('answers the same warning through the console API (tRPC exams.save)', async () => {
    const masterSubscription = await createFreeRateCard(database.db, 'Free revision tests');
    const { id } = await createPublishedExam(app, admin, { title: 'LGS Revision', questionGroups: [questionGroup(1)], masterSubscription });
    const exam = (await request('GET', `/api/admin/exams/details/${id}`, admin)).json();
    const { version } = exam;
    const value = { ...exam, instructions: ['Read every question twice.', '\t'] };
    for (const key of ['_id', 'templateId', 'isPublished', 'publishMessage', 'hasPublishMessage', 'publishWarnings', 'isRankPublished', 'lastRankRefresh', 'createdAt', 'hasTimeRestrictedGroup', 'updatedAt', 'version']) delete value[key];
    const answer = await app.inject({ method: 'POST', url: '/trpc/exams.save', headers: { cookie: admin, 'content-type': 'application/json' }, payload: JSON.stringify({ id, value, version }) });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result.data).toMatchObject({ isPublished: false, publishWarnings: [EXAM_WARNINGS.emptyInstruction(2)] });
  });
});
