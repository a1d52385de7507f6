import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { questionGroup } from '../support/exam-factory.ts';
import { createConsoleUser, createStudent, query, signInThroughApi, type Account } from './support/helpers.ts';
import { shootSizes } from './support/screens.ts';
import { BUSY_ANSWER } from './support/answers.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A visible exam of three questions, free for every student; answers its id and the questions' ids. */
async function examWithQuestions(page: Page, title: string) {
  const [card] = await query<{ id: string }>(
    `insert into subscriptions (title, is_free, gross_amount, gst_rate, gst_amount, net_amount) values ($1, true, 0, 18, 0, 0) returning id`,
    [`Free ${title}`],
  );
  const created = await page.request.post('/api/admin/exams', { data: { title, templateId: 'regular' } });
  expect(created.status(), await created.text()).toBe(200);
  const { _id: id } = (await created.json()) as { _id: string };
  const group = questionGroup(3, { title: 'Group 1' });
  const value = { title, isVisible: true, examDurationInMinutes: 30, totalQuestions: 3, totalMarks: 3, masterSubscription: card!.id, questionGroups: [group] };
  const saved = await page.request.put(`/api/admin/exams/${id}`, { data: { value } });
  expect(saved.status(), await saved.text()).toBe(200);
  return { id, questions: group.questions.map((question) => question.resId) };
}

/** A student submits the exam through the student routes and reports a question with `reason`. */
async function submitAndReport(baseURL: string, student: Account, examId: string, questionResId: string, reason: string) {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  try {
    expect((await api.post('/api/auth/login', { data: { emailAddress: student.email, password: student.password } })).status()).toBe(200);
    const started = await api.post(`/api/student/exams/${examId}/attempts`);
    expect(started.status(), await started.text()).toBe(200);
    expect((await api.post(`/api/student/attempts/${((await started.json()) as { _id: string })._id}/submit`)).status()).toBe(200);
    const reported = await api.post(`/api/student/exams/${examId}/questions/${questionResId}/reports`, { data: { reason } });
    expect(reported.status(), await reported.text()).toBe(201);
  } finally {
    await api.dispose();
  }
}

test.describe('disputed-key reports in the exam editor', () => {
  test('staff see the badge and the reasons, resolve a report, and "Regrade…" opens the question', async ({ page, baseURL }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Meera Admin'));
    const title = `Reported ${unique()}`;
    const exam = await examWithQuestions(page, title);
    const anu = await createStudent({ name: 'Anu Reporter' });
    const biju = await createStudent({ name: 'Biju Reporter' });
    await submitAndReport(baseURL!, anu, exam.id, exam.questions[1]!, 'Option C is right: the 2011 census says so');
    await submitAndReport(baseURL!, biju, exam.id, exam.questions[1]!, 'The key should be C');

    await page.goto(`/admin/exams/editor/${exam.id}/questions`);
    await expect(page.getByRole('listitem', { name: 'Question 2 of Group 1: 2 open reports' })).toBeVisible();
    await shootSizes(page, 'key-reports-badge', { fullPage: false });

    await page.getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/exams/editor/${exam.id}/reports$`));
    const question = page.getByRole('listitem', { name: 'Question 2' });
    await expect(question.getByText('2 open reports')).toBeVisible();
    await expect(page.getByText('Option C is right: the 2011 census says so')).toBeVisible();
    await expect(page.getByText('The key should be C')).toBeVisible();
    await shootSizes(page, 'key-reports-tab');

    await page.getByRole('listitem', { name: 'Report by Biju Reporter' }).getByRole('button', { name: 'Resolve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve reports' });
    await dialog.getByLabel('Note to the students (optional)').fill('Checked: the key is B');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(page.getByText('1 report resolved')).toBeVisible();
    await expect(question.getByText('1 open report')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Report by Biju Reporter' })).toHaveCount(0);
    const [stored] = await query<{ resolution_note: string }>(`select resolution_note from exam_key_reports where exam_id = $1 and resolved_at is not null`, [
      exam.id,
    ]);
    expect(stored?.resolution_note).toBe('Checked: the key is B');

    await question.getByRole('button', { name: 'Regrade…' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/exams/editor/${exam.id}/questions\\?question=${exam.questions[1]}$`));
    await expect(page.getByRole('button', { name: 'Collapse Question 2 of Group 1' })).toBeFocused();
  });

  test('a failed resolve keeps the dialog and the note and says why', async ({ page, baseURL }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Meera Admin'));
    const exam = await examWithQuestions(page, `Failing ${unique()}`);
    await submitAndReport(baseURL!, await createStudent({ name: 'Chitra Reporter' }), exam.id, exam.questions[0]!, 'Wrong key');
    await page.goto(`/admin/exams/editor/${exam.id}/reports`);
    await page.route(/\/trpc\/exams\.resolveKeyReports/, (route) => route.fulfill(BUSY_ANSWER));
    await page.getByRole('listitem', { name: 'Question 1' }).getByRole('button', { name: 'Resolve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve reports' });
    await dialog.getByLabel('Note to the students (optional)').fill('Kept note');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog.getByText('Resolving failed')).toBeVisible();
    await expect(dialog.getByLabel('Note to the students (optional)')).toHaveValue('Kept note');
    expect(await query(`select 1 from exam_key_reports where exam_id = $1 and resolved_at is not null`, [exam.id])).toHaveLength(0);
  });
});
