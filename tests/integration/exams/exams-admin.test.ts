import { describe, expect, it } from 'vitest';
import { EXAM_WARNINGS } from '../../../shared/exams/exam-publish.rules.ts';
import { createFreeRateCard, createPublishedExam, editableExam, questionGroup } from '../../support/exam-factory.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin', 'staff', 'student'] });
const asAdmin = harness.injectAs('admin');
const asStaff = harness.injectAs('staff');
const asStudent = harness.injectAs('student');
const asNobody = harness.injectAs('nobody');

describe('creating and listing exams', () => {
  it('copies the mock-test template: 100 marks, 100 questions, 75 minutes, +1 and a .33 penalty', async () => {
    const created = await asAdmin('POST', '/api/admin/exams', { title: 'LDC Mock 1', templateId: 'mock-test' });
    expect(created.statusCode).toBe(200);
    const exam = (await asAdmin('GET', `/api/admin/exams/details/${created.json()._id}`)).json();
    expect(exam).toMatchObject({
      title: 'LDC Mock 1',
      templateId: 'mock-test',
      examType: 'freestyle',
      totalMarks: 100,
      totalQuestions: 100,
      examDurationInMinutes: 75,
      correctAnswerScore: 1,
      wrongAnswerScore: 0.33,
      unAnsweredScore: 0,
      isPublished: false,
      maxNumberOfAttempts: -1,
      questionGroups: [],
    });
    expect(exam.publishWarnings).toContain(EXAM_WARNINGS.noQuestions);
  });

  it('copies the revision-test template and defaults to regular', async () => {
    const revision = (await asAdmin('POST', '/api/admin/exams', { title: 'Rev', templateId: 'revision-test' })).json()._id;
    expect((await asAdmin('GET', `/api/admin/exams/details/${revision}`)).json()).toMatchObject({
      totalMarks: 40,
      totalQuestions: 40,
      examDurationInMinutes: 30,
      wrongAnswerScore: 0.33,
    });
    const regular = (await asAdmin('POST', '/api/admin/exams', { title: 'Plain' })).json()._id;
    expect((await asAdmin('GET', `/api/admin/exams/details/${regular}`)).json()).toMatchObject({
      templateId: 'regular',
      totalMarks: 0,
      correctAnswerScore: 1,
      wrongAnswerScore: 0,
    });
  });

  it('answers its messages for a missing title or template', async () => {
    for (const payload of [{}, { title: '   ' }]) {
      const response = await asAdmin('POST', '/api/admin/exams', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please provide a exam title');
    }
    const noTemplate = await asAdmin('POST', '/api/admin/exams', { title: 'X', templateId: 'weekly' });
    expect(noTemplate.statusCode).toBe(400);
    expect(noTemplate.json().message).toBe('Please select a template');
    const copy = await asAdmin('POST', '/api/exams/copy/campus', {});
    expect(copy.json().message).toBe('Please provide a exam id');
  });

  it("lists all exams or one template's, newest first", async () => {
    const all = (await asAdmin('GET', '/api/admin/exams')).json();
    expect(all.length).toBeGreaterThanOrEqual(3);
    const mocks = (await asAdmin('GET', '/api/admin/exams/mock-test')).json();
    expect(mocks.every((exam: { templateId: string }) => exam.templateId === 'mock-test')).toBe(true);
    expect(mocks.map((exam: { title: string }) => exam.title)).toContain('LDC Mock 1');
    expect((await asAdmin('GET', '/api/admin/exams/weekly')).statusCode).toBe(400);
  });

  it('copies an exam hidden, with fresh question ids; an unknown id is 404', async () => {
    const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'Original',
      questionGroups: [questionGroup(2)],
      masterSubscription: await createFreeRateCard(harness.db),
    });
    const copy = await asAdmin('POST', '/api/exams/copy/campus', { id });
    expect(copy.statusCode).toBe(200);
    const original = (await asAdmin('GET', `/api/admin/exams/details/${id}`)).json();
    const copied = (await asAdmin('GET', `/api/admin/exams/details/${copy.json()._id}`)).json();
    expect(copied.title).toBe('Original (copy)');
    expect(copied.isVisible).toBe(false);
    expect(copied.isPublished).toBe(false);
    expect(copied.questionGroups[0].questions.map((q: { question: string }) => q.question)).toEqual(
      original.questionGroups[0].questions.map((q: { question: string }) => q.question),
    );
    expect(copied.questionGroups[0].questions[0].resId).not.toBe(original.questionGroups[0].questions[0].resId);
    const unknown = await asAdmin('POST', '/api/exams/copy/campus', { id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Exam not found');
    expect((await asAdmin('GET', '/api/admin/exams/details/not-an-id')).statusCode).toBe(404);
  });
});

describe('saving an exam', () => {
  it('publishes a visible exam without warnings, and lists what keeps it offline otherwise', async () => {
    const rateCard = await createFreeRateCard(harness.db);
    const { id, saved } = await createPublishedExam(harness.app, harness.cookie('admin'), { questionGroups: [questionGroup(3)], masterSubscription: rateCard });
    expect(saved).toEqual({ version: expect.any(Number), isPublished: true, publishWarnings: [], publishMessage: '', hasPublishMessage: false });

    const exam = (await asAdmin('GET', `/api/admin/exams/details/${id}`)).json();
    exam.questionGroups[0].questions[1].correctAnswerIndex = -1;
    const value = editableExam(exam);
    const broken = await asAdmin('PUT', `/api/admin/exams/${id}`, { value: { ...value, totalMarks: 5, totalQuestions: 4, masterSubscription: null } });
    expect(broken.json()).toEqual({
      version: expect.any(Number),
      isPublished: false,
      publishMessage: '',
      hasPublishMessage: false,
      publishWarnings: [
        EXAM_WARNINGS.noCorrectAnswer(`Question 2 of "${exam.questionGroups[0].title}"`),
        EXAM_WARNINGS.totalQuestions(4, 3),
        EXAM_WARNINGS.totalMarks(5, 3),
        EXAM_WARNINGS.noRateCard,
      ],
    });
    const listed = (await asAdmin('GET', '/api/admin/exams')).json().find((e: { _id: string }) => e._id === id);
    expect(listed.isPublished).toBe(false);
  });

  it('answers a publish message for an exam scheduled later, and publishes it once the time has come', async () => {
    const rateCard = await createFreeRateCard(harness.db);
    const later = Date.UTC(2030, 0, 15, 4, 30);
    const { id, saved } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      questionGroups: [questionGroup(1)],
      masterSubscription: rateCard,
      publishDateTimeInMs: later,
    });
    expect(saved).toEqual({
      version: expect.any(Number),
      isPublished: false,
      publishWarnings: [],
      hasPublishMessage: true,
      publishMessage: 'Scheduled: students can start it from 15 Jan 2030, 10:00 IST',
    });
    await harness.db
      .updateTable('exams')
      .set({ publish_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect((await asAdmin('GET', `/api/admin/exams/details/${id}`)).json()).toMatchObject({ isPublished: true, hasPublishMessage: false });
  });

  it('refuses a negative wrong-answer penalty, a lock other than -1 or 1, an unknown rate card, and changes nothing', async () => {
    const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), { title: 'Keep me', questionGroups: [questionGroup(1)] });
    const base = { title: 'Changed', questionGroups: [] };
    const penalty = await asAdmin('PUT', `/api/admin/exams/${id}`, { value: { ...base, wrongAnswerScore: -0.33 } });
    expect(penalty.statusCode).toBe(400);
    expect(penalty.json().message).toBe('Enter the wrong-answer penalty as a positive number (e.g. .33); it is subtracted for each wrong answer');
    expect((await asAdmin('PUT', `/api/admin/exams/${id}`, { value: { ...base, maxNumberOfAttempts: 2 } })).statusCode).toBe(400);
    const rateCard = await asAdmin('PUT', `/api/admin/exams/${id}`, { value: { ...base, masterSubscription: '00000000-0000-4000-8000-000000000000' } });
    expect(rateCard.statusCode).toBe(400);
    expect(rateCard.json().message).toBe('The rate card was not found');
    const missingTitle = await asAdmin('PUT', `/api/admin/exams/${id}`, { value: { title: '' } });
    expect(missingTitle.json().message).toBe('Please provide a exam title');
    const exam = (await asAdmin('GET', `/api/admin/exams/details/${id}`)).json();
    expect(exam.title).toBe('Keep me');
    expect(exam.questionGroups[0].questions).toHaveLength(1);
    expect((await asAdmin('PUT', '/api/admin/exams/00000000-0000-4000-8000-000000000000', { value: base })).statusCode).toBe(404);
  });

  it('keeps showInRecentExams for freestyle exams only, and Malayalam text unchanged', async () => {
    const group = questionGroup(1);
    group.questions[0]!.question = 'കേരളത്തിന്റെ തലസ്ഥാനം ഏത്?';
    group.questions[0]!.options = ['തിരുവനന്തപുരം', 'കൊച്ചി', 'കോഴിക്കോട്', 'തൃശ്ശൂർ'];
    const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), { examType: 'quiz', showInRecentExams: true, questionGroups: [group] });
    const exam = (await asAdmin('GET', `/api/admin/exams/details/${id}`)).json();
    expect(exam.showInRecentExams).toBe(false);
    expect(exam.questionGroups[0].questions[0].question).toBe('കേരളത്തിന്റെ തലസ്ഥാനം ഏത്?');
    expect(exam.questionGroups[0].questions[0].options[0]).toBe('തിരുവനന്തപുരം');
  });
});

describe('deleting an exam', () => {
  it('deletes an exam nobody has attempted, and refuses one with attempts, with a warning', async () => {
    const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), { questionGroups: [questionGroup(1)] });
    expect((await asAdmin('DELETE', `/api/admin/exams/${id}`)).json()).toEqual({ status: 'deleted' });
    expect((await asAdmin('GET', `/api/admin/exams/details/${id}`)).statusCode).toBe(404);

    const taken = await createPublishedExam(harness.app, harness.cookie('admin'), {
      questionGroups: [questionGroup(1)],
      masterSubscription: await createFreeRateCard(harness.db),
    });
    const start = await asStudent('POST', `/api/student/exams/${taken.id}/attempts`);
    expect(start.statusCode).toBe(200);
    const refused = await asAdmin('DELETE', `/api/admin/exams/${taken.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ type: 'has-warnings', warnings: [expect.stringContaining('1 attempt(s)')] });
  });
});

describe('who may call the exam routes', () => {
  it('lets staff manage exams, refuses students (403) and visitors (401)', async () => {
    expect((await asStaff('GET', '/api/admin/exams')).statusCode).toBe(200);
    expect((await asStaff('POST', '/api/admin/exams', { title: 'By staff' })).statusCode).toBe(200);
    expect((await asStudent('GET', '/api/admin/exams')).statusCode).toBe(403);
    expect((await asStudent('POST', '/api/admin/exams', { title: 'By student' })).statusCode).toBe(403);
    expect((await asNobody('GET', '/api/admin/exams')).statusCode).toBe(401);
  });
});
