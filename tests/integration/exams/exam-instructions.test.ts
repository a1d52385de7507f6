import { describe, expect, it } from 'vitest';
import { EXAM_WARNINGS } from '../../../shared/exams/exam-publish.rules.ts';
import { createFreeRateCard, createPublishedExam, editableExam, questionGroup } from '../../support/exam-factory.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin', 'student'] });
const asAdmin = harness.injectAs('admin');
const asStudent = harness.injectAs('student');

describe('publishing an exam with an empty instruction line', () => {
  it('keeps the exam offline, naming each empty line, until the lines are written or removed', async () => {
    const masterSubscription = await createFreeRateCard(harness.db);
    const questionGroups = [questionGroup(2)];
    const instructions = ['Each question carries one mark.', '', 'A third of a mark is taken off for a wrong answer.', '   '];
    const { id, saved } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'Village Field Assistant Mock',
      questionGroups,
      masterSubscription,
      instructions,
    });
    expect(saved).toMatchObject({ isPublished: false, publishWarnings: [EXAM_WARNINGS.emptyInstruction(2), EXAM_WARNINGS.emptyInstruction(4)] });
    expect(EXAM_WARNINGS.emptyInstruction(2)).toBe('Instruction 2 is empty: write it or remove it');

    // Stored as typed (nothing is lost), and not offered to students.
    const stored = (await asAdmin('GET', `/api/admin/exams/details/${id}`)).json();
    expect(stored).toMatchObject({
      isPublished: false,
      isVisible: true,
      instructions,
      publishWarnings: [EXAM_WARNINGS.emptyInstruction(2), EXAM_WARNINGS.emptyInstruction(4)],
    });
    const offered = (await asStudent('GET', '/api/student/exams')).json().items as Array<{ _id: string }>;
    expect(offered.map((exam) => exam._id)).not.toContain(id);
    expect((await asStudent('POST', `/api/student/exams/${id}/attempts`)).statusCode).toBeGreaterThanOrEqual(400);

    // Removing one blank line and writing the other publishes it.
    const fixed = ['Each question carries one mark.', 'A third of a mark is taken off for a wrong answer.', 'No calculators.'];
    const value = editableExam(stored, ['updatedAt']);
    const published = await asAdmin('PUT', `/api/admin/exams/${id}`, { value: { ...value, instructions: fixed } });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ isPublished: true, publishWarnings: [] });
    const now = (await asStudent('GET', '/api/student/exams')).json().items as Array<{ _id: string }>;
    expect(now.map((exam) => exam._id)).toContain(id);
  });

  it('answers the same warning through the console API (tRPC exams.save)', async () => {
    const masterSubscription = await createFreeRateCard(harness.db, 'Free revision tests');
    const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'LGS Revision',
      questionGroups: [questionGroup(1)],
      masterSubscription,
    });
    const exam = (await asAdmin('GET', `/api/admin/exams/details/${id}`)).json();
    const { version } = exam;
    const value = { ...editableExam(exam, ['updatedAt', 'version']), instructions: ['Read every question twice.', '\t'] };
    const answer = await asAdmin('POST', '/trpc/exams.save', JSON.stringify({ id, value, version }), { 'content-type': 'application/json' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result.data).toMatchObject({ isPublished: false, publishWarnings: [EXAM_WARNINGS.emptyInstruction(2)] });
  });
});
