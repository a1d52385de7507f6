import ExcelJS from 'exceljs';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createConsoleUser, createStudent, signInThroughApi, type Account } from './support/helpers.ts';
import { snap } from './support/media.ts';
import { BUSY_ANSWER } from './support/answers.ts';

const OFFLINE_TEXT = 'This content cannot be seen by students and other users through the app. To make it public, please resolve below warnings.';
const PENALTY_HINT = 'Enter the penalty as a positive number (e.g. .33): it is subtracted from the score for each wrong answer.';

async function signInAsAdmin(page: Page) {
  const admin = await createConsoleUser(['admin'], 'Meera Admin');
  await signInThroughApi(page, admin);
  return admin;
}

function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}`;
}

/** A free rate card (no price, free for everyone), made through the subscriptions API as an administrator would. */
async function createFreeRateCard(page: Page, title: string): Promise<string> {
  const created = await page.request.post('/api/admin/subscriptions', { data: { title } });
  expect(created.status(), await created.text()).toBe(200);
  const { _id: id } = (await created.json()) as { _id: string };
  const saved = await page.request.put(`/api/admin/subscriptions/${id}`, { data: { value: { title, isFree: true, freeMode: 'none' } } });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

async function createExamThroughApi(page: Page, title: string, templateId = 'regular'): Promise<string> {
  const response = await page.request.post('/api/admin/exams', { data: { title, templateId } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { _id: string })._id;
}

interface AttemptQuestion {
  resId: string;
  question: string;
  options: string[];
}

/**
 * A student taking the exam through the student REST routes, in a session of their own:
 * sign in, start, answer each question with the option text `choose` returns (or none), submit.
 */
async function takeExam(baseURL: string, student: Account, examId: string, choose: (question: AttemptQuestion) => string | null) {
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  try {
    const login = await api.post('/api/auth/login', { data: { emailAddress: student.email, password: student.password } });
    expect(login.status(), await login.text()).toBe(200);
    const started = await api.post(`/api/student/exams/${examId}/attempts`);
    expect(started.status(), await started.text()).toBe(200);
    const attempt = (await started.json()) as { _id: string; questionGroups: Array<{ questions: AttemptQuestion[] }> };
    const answers = attempt.questionGroups
      .flatMap((group) => group.questions)
      .map((question, index) => {
        const text = choose(question);
        return {
          questionResId: question.resId,
          providedAnswerIndex: text === null ? -1 : question.options.indexOf(text),
          timeElapsedInMs: 4000 + index * 1000,
          revision: 1,
        };
      });
    const saved = await api.put(`/api/student/attempts/${attempt._id}/answers`, { data: { answers } });
    expect(saved.status(), await saved.text()).toBe(200);
    const submitted = await api.post(`/api/student/attempts/${attempt._id}/submit`);
    expect(submitted.status(), await submitted.text()).toBe(200);
    return (await submitted.json()) as { score: number };
  } finally {
    await api.dispose();
  }
}

const MALAYALAM = {
  group: 'പൊതുവിജ്ഞാനം',
  question: 'കേരളത്തിന്റെ തലസ്ഥാനം ഏത്?',
  options: ['തിരുവനന്തപുരം', 'കൊച്ചി', 'കോഴിക്കോട്', 'തൃശ്ശൂർ'],
};

/** An Excel workbook in the import layout with one Malayalam question, written as Excel would. */
async function malayalamWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Questions');
  sheet.addRow(['Group', 'Question', 'Option 1', 'Option 2', 'Option 3', 'Option 4', 'Answer']);
  sheet.addRow([MALAYALAM.group, MALAYALAM.question, ...MALAYALAM.options, MALAYALAM.options[0]]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** How many bars of a Tremor chart are drawn with a height (bars of zero are drawn flat). */
function drawnBars(figure: Locator): Promise<number> {
  return figure
    .locator('svg rect')
    .evaluateAll((rects) => rects.filter((rect) => rect.closest('.recharts-bar-rectangle') !== null && Number(rect.getAttribute('height')) > 0).length);
}

/** Fills one question of the Questions tab: its text, four options and the correct one. */
async function fillQuestion(item: Locator, text: string, options: string[], correct: string) {
  await item.getByLabel('Question', { exact: true }).fill(text);
  for (const [index, option] of options.entries()) {
    await item.getByRole('textbox', { name: `Option ${String.fromCharCode(65 + index)}`, exact: true }).fill(option);
  }
  await item.getByRole('radio', { name: `Option ${correct} is correct` }).click();
}

test.describe('exam manager and editor', () => {
  test('creates a mock test from its template, adds questions, reads the publish warnings, fixes them and publishes; students take it; ranks are synced and published', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    const rateCardTitle = uniqueTitle('Free LDC Practice');
    await createFreeRateCard(page, rateCardTitle);

    await page.goto('/admin/exams');
    await expect(page.getByRole('heading', { name: 'Exam Manager' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Exams' });
    for (const heading of ['Exams', 'Status', 'Date Created', 'Template Type']) {
      await expect(table.getByRole('columnheader', { name: heading, exact: true })).toBeVisible();
    }

    // Create Exam from the mock-test template: it copies the template's figures.
    const title = uniqueTitle('LD Clerk Mock Test');
    await page.getByRole('button', { name: 'Create Exam' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Exam' });
    await expect(dialog.getByLabel('Template')).toHaveValue('regular');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Template').selectOption({ label: 'Mock Tests' });
    await expect(dialog).toContainText('100 questions, 100 marks, 75 minutes');
    await snap(page, 'exams-create-exam');
    await dialog.getByRole('button', { name: 'Create Exam' }).click();
    await expect(page).toHaveURL(/\/admin\/exams\/editor\/[0-9a-f-]{36}\/general$/);
    const examId = page.url().split('/').at(-2)!;

    await expect(page.getByRole('textbox', { name: 'Exam title' })).toHaveValue(title);
    await expect(page.getByTitle('Template: Mock Tests')).toHaveText('Freestyle');
    await expect(page.getByText('Unpublished', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Total marks')).toHaveValue('100');
    await expect(page.getByLabel('Total questions')).toHaveValue('100');
    await expect(page.getByLabel('Duration (minutes)')).toHaveValue('75');
    await expect(page.getByLabel('Correct answer score')).toHaveValue('1');
    await expect(page.getByLabel('Wrong answer penalty')).toHaveValue('0.33');
    await expect(page.getByText(PENALTY_HINT)).toBeVisible();
    await expect(page.getByLabel('Attempt lock')).toHaveValue('-1');
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    const notify = page.getByRole('button', { name: 'Send notification' });
    await expect(notify).toBeEnabled();

    // A group with two questions, each with its correct option.
    await page.getByRole('navigation', { name: 'Exam editor' }).getByRole('link', { name: 'Questions' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/exams/editor/${examId}/questions$`));
    await page.getByRole('button', { name: 'Add group' }).click();
    await expect(save).toBeEnabled();
    // Unsaved changes: students would open what is not saved yet.
    await expect(notify).toBeDisabled();
    await page.getByLabel('Group 1 title').fill('General Knowledge');
    const group = page.getByRole('group', { name: 'General Knowledge' });
    await expect(group.getByLabel('Duration (minutes)')).toHaveValue('40');
    await expect(group.getByRole('switch', { name: 'Time restriction' })).toHaveAttribute('aria-checked', 'false');
    await group.getByRole('button', { name: 'Add question to General Knowledge' }).click();
    const first = group.getByRole('listitem', { name: 'Question 1 of General Knowledge' });
    await expect(first.getByRole('textbox', { name: /^Option [A-D]$/ })).toHaveCount(4);
    await fillQuestion(first, 'Which river is the longest in Kerala?', ['Bharathappuzha', 'Periyar', 'Pamba', 'Chaliyar'], 'B');
    await group.getByRole('button', { name: 'Add question to General Knowledge' }).click();
    const second = group.getByRole('listitem', { name: 'Question 2 of General Knowledge' });
    await fillQuestion(second, 'Who wrote "Duravastha"?', ['Vallathol', 'Ulloor', 'Kumaran Asan', 'O. N. V. Kurup'], 'C');
    await expect(second.getByText('Answer C')).toBeVisible();
    // Reordering: move the second question up and back down.
    await second.getByRole('button', { name: 'Move Question 2 of General Knowledge up' }).click();
    await expect(group.getByRole('listitem', { name: 'Question 1 of General Knowledge' }).getByLabel('Question', { exact: true })).toHaveValue(
      'Who wrote "Duravastha"?',
    );
    await group.getByRole('button', { name: 'Move Question 1 of General Knowledge down' }).click();
    await expect(first.getByLabel('Question', { exact: true })).toHaveValue('Which river is the longest in Kerala?');
    await snap(page, 'exams-editor-questions');

    // A Malayalam question from an Excel workbook is appended as its own group.
    await page.getByLabel('Import spreadsheet').setInputFiles({
      name: 'malayalam.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await malayalamWorkbook(),
    });
    const malayalam = page.getByRole('group', { name: MALAYALAM.group });
    await expect(malayalam).toBeVisible();
    await expect(malayalam.getByText(MALAYALAM.question).first()).toBeVisible();
    await expect(page.getByText('2 groups, 3 questions')).toBeVisible();

    // Visible and saved: the server lists what keeps it offline.
    await page.getByRole('navigation', { name: 'Exam editor' }).getByRole('link', { name: 'General' }).click();
    await page.getByRole('switch', { name: 'Public visibility' }).click();
    await save.click();
    const offline = page.getByRole('alert').filter({ hasText: 'Exam Offline!' });
    await expect(offline).toContainText(OFFLINE_TEXT);
    await expect(offline).toContainText('Total questions is 100 but the exam has 3 questions');
    await expect(offline).toContainText('Total marks is 100 but the questions add up to 3');
    await expect(offline).toContainText('No rate card: choose the subscription that gives access to this exam');
    await expect(save).toBeDisabled();
    await expect(page.getByText('Unpublished', { exact: true })).toBeVisible();
    // Nothing unsaved: the notification can be sent.
    await expect(notify).toBeEnabled();
    await snap(page, 'exams-editor-offline');

    // Fix the totals and choose the free rate card.
    await page.getByLabel('Total marks').fill('3');
    await page.getByLabel('Total questions').fill('3');
    await page.getByLabel('Rate card').selectOption({ label: `${rateCardTitle} (Free)` });
    await page.getByLabel('PSC exam').selectOption({ label: 'LD Clerk' });
    await page.getByRole('button', { name: 'Add instruction' }).click();
    await page.getByLabel('Instruction 1', { exact: true }).fill('Each correct answer carries one mark; .33 is taken off for a wrong one.');
    await save.click();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(offline).toHaveCount(0);
    await expect(save).toBeDisabled();
    await snap(page, 'exams-editor-general');
    const stored = (await (await page.request.get(`/api/admin/exams/details/${examId}`)).json()) as {
      questionGroups: Array<{ title: string; questions: Array<{ question: string; options: string[]; correctAnswerIndex: number }> }>;
    };
    expect(stored.questionGroups[1]).toMatchObject({
      title: MALAYALAM.group,
      questions: [{ question: MALAYALAM.question, options: MALAYALAM.options, correctAnswerIndex: 0 }],
    });

    // The manager lists it as published under its template.
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('navigation', { name: 'Templates' }).getByRole('link', { name: 'Mock Tests' }).click();
    await expect(page).toHaveURL(/\/admin\/exams\/mock-test$/);
    await page.getByRole('textbox', { name: 'Filter Exams' }).fill(title.toUpperCase());
    const row = table.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Published');
    await expect(row).toContainText('Mock Tests');
    await snap(page, 'exams-manager');
    await row.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/exams/editor/${examId}/general$`));

    // Two students take it through the student routes.
    const correctOf: Record<string, string> = {
      'Which river is the longest in Kerala?': 'Periyar',
      'Who wrote "Duravastha"?': 'Kumaran Asan',
      [MALAYALAM.question]: MALAYALAM.options[0]!,
    };
    const topper = await createStudent({ name: 'Anjali Topper', phone: '9847000001' });
    const second_ = await createStudent({ name: 'Bibin Second', phone: '9847000002' });
    expect((await takeExam(baseURL!, topper, examId, (question) => correctOf[question.question]!)).score).toBe(3);
    const mixed = await takeExam(baseURL!, second_, examId, (question) =>
      question.question.startsWith('Which river') ? 'Periyar' : question.question === MALAYALAM.question ? null : 'Vallathol',
    );
    expect(mixed.score).toBe(0.67);

    // Analytics: never synced, so only Sync Ranking is allowed.
    await page.getByRole('navigation', { name: 'Exam editor' }).getByRole('link', { name: 'Analytics' }).click();
    const sync = page.getByRole('button', { name: 'Sync Ranking' });
    const publishRank = page.getByRole('button', { name: 'Publish Rank', exact: true });
    const unpublishRank = page.getByRole('button', { name: 'Unpublish Rank' });
    await expect(page.getByText('Never synced')).toBeVisible();
    await expect(sync).toBeEnabled();
    await expect(publishRank).toBeDisabled();
    await expect(unpublishRank).toBeDisabled();
    await sync.click();
    await expect(page.getByText('Never synced')).toHaveCount(0);
    const ranking = page.getByRole('table', { name: 'Ranking' });
    const topRow = ranking.getByRole('row').filter({ hasText: 'Anjali Topper' });
    await expect(topRow).toContainText(topper.email);
    await expect(topRow).toContainText('9847000001');
    await expect(topRow.getByRole('cell').first()).toHaveText('1');
    await expect(topRow).toContainText('100%');
    const secondRow = ranking.getByRole('row').filter({ hasText: 'Bibin Second' });
    await expect(secondRow.getByRole('cell').first()).toHaveText('2');
    await expect(secondRow.getByRole('cell').nth(4)).toHaveText('0.67');
    await expect(secondRow.getByRole('cell').nth(5)).toHaveText('22.33%');
    await expect(publishRank).toBeEnabled();

    await publishRank.click();
    const rankStatus = page.getByRole('definition').filter({ hasText: /^(Published|Unpublished)$/ });
    await expect(rankStatus).toHaveText('Published');
    await expect(sync).toBeDisabled();

    // The charts: students per score range (one at 0.67, one at 2) and each question's share of correct answers.
    const distribution = page.getByRole('figure', { name: 'Score distribution' });
    await expect(distribution).toContainText('2 student(s)');
    await expect.poll(() => drawnBars(distribution)).toBe(2);
    await expect(distribution.getByRole('listitem').filter({ hasText: /student\(s\)$/ })).toHaveCount(10);
    const perQuestion = page.getByRole('figure', { name: 'Correct answers per question' });
    await expect.poll(() => drawnBars(perQuestion)).toBe(3);
    await expect(perQuestion.getByRole('listitem')).toHaveText(['Question 1: 100% correct', 'Question 2: 50% correct', 'Question 3: 50% correct']);
    await snap(page, 'exams-editor-analytics');

    await unpublishRank.click();
    await expect(rankStatus).toHaveText('Unpublished');
    await expect(sync).toBeEnabled();

    // Deleting is refused while students' attempts exist.
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Exam' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toContainText('Delete Exam failed');
    await expect(confirm).toContainText('This exam cannot be deleted');
    await expect(confirm).toContainText("2 attempt(s) by students would be lost: switch the exam's visibility off instead");
    await snap(page, 'exams-delete-refused');
    await confirm.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/exams/editor/${examId}/analytics$`));
  });

  test('copies an exam chosen in the picker and opens the hidden copy', async ({ page }) => {
    await signInAsAdmin(page);
    const title = uniqueTitle('Village Officer Revision');
    await createExamThroughApi(page, title, 'revision-test');
    await page.goto('/admin/exams');
    await page.getByRole('button', { name: 'Copy Exam' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy Exam' });
    await dialog.getByRole('button', { name: 'Copy Exam' }).click();
    await expect(dialog.getByText('Please provide a exam id')).toBeVisible();
    // An id that names no exam: the copy fails with the server's reason.
    await dialog.getByLabel('Exam id').fill('00000000-0000-4000-8000-000000000000');
    await dialog.getByRole('button', { name: 'Copy Exam' }).click();
    await expect(dialog).toContainText('Exam cannot be added');
    await expect(dialog).toContainText('Exam not found');
    await dialog.getByLabel('Exam id').fill('');

    await dialog.getByRole('button', { name: 'Choose from the list' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose the exam to copy' });
    const pickerTable = picker.getByRole('table', { name: 'Exams to choose from' });
    for (const heading of ['Title', 'Status', 'Created', 'Template Type']) {
      await expect(pickerTable.getByRole('columnheader', { name: heading, exact: true })).toBeVisible();
    }
    await expect(picker.getByRole('button', { name: 'Confirm Selection' })).toBeDisabled();
    await picker.getByRole('textbox', { name: 'Filter Title' }).fill(title);
    await picker.getByRole('checkbox', { name: `Select ${title}` }).check();
    await snap(page, 'exams-picker');
    await picker.getByRole('button', { name: 'Select 1 item(s)' }).click();
    await expect(picker).toBeHidden();
    await expect(dialog).toContainText(`Copying “${title}”`);
    await dialog.getByRole('button', { name: 'Copy Exam' }).click();
    await expect(page).toHaveURL(/\/admin\/exams\/editor\/[0-9a-f-]{36}\/general$/);
    await expect(page.getByRole('textbox', { name: 'Exam title' })).toHaveValue(`${title} (copy)`);
    await expect(page.getByLabel('Total questions')).toHaveValue('40');
  });
});

test.describe('exam questions from a spreadsheet', () => {
  test('appends the groups of a good spreadsheet after the pause, and lists the issues of a bad one in "Import Cancelled"', async ({ page }) => {
    await signInAsAdmin(page);
    const id = await createExamThroughApi(page, uniqueTitle('Plus Two Level Practice'));
    await page.goto(`/admin/exams/editor/${id}/questions`);
    await page.getByRole('button', { name: 'Add group' }).click();
    await page.getByLabel('Group 1 title').fill('Typed by hand');

    const good = [
      'Group,Question,Option 1,Option 2,Option 3,Option 4,Answer',
      'Mental Ability,"Next in 2, 4, 8, ...?",12,14,16,18,16',
      'Mental Ability,Odd one out,Apple,Mango,Carrot,Banana,Carrot',
      'English,Plural of "child",Childs,Children,Childes,Child,Children',
    ].join('\n');
    await page.getByLabel('Import spreadsheet').setInputFiles({ name: 'questions.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await expect(page.getByRole('progressbar', { name: 'Spreadsheet upload progress' })).toBeVisible();
    const mental = page.getByRole('group', { name: 'Mental Ability' });
    await expect(mental).toBeVisible();
    await expect(page.getByRole('group', { name: 'English' })).toBeVisible();
    await expect(page.getByText('3 groups, 3 questions')).toBeVisible();
    await expect(mental.getByRole('listitem', { name: 'Question 1 of Mental Ability' }).getByText('Answer C')).toBeVisible();
    await snap(page, 'exams-editor-imported');

    const bad = [
      'Group,Question,Option 1,Option 2,Option 3,Option 4,Answer',
      'History,First Governor-General of India,Warren Hastings,Canning,Curzon,Ripon,Dalhousie',
    ].join('\n');
    await page.getByLabel('Import spreadsheet').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    const cancelled = page.getByRole('alertdialog', { name: 'Import Cancelled' });
    await expect(cancelled).toContainText('Nothing was imported');
    await expect(cancelled.getByRole('list', { name: 'Issues' }).getByRole('listitem')).toHaveCount(1);
    await snap(page, 'exams-import-cancelled');
    await cancelled.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('3 groups, 3 questions')).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    const stored = (await (await page.request.get(`/api/admin/exams/details/${id}`)).json()) as {
      questionGroups: Array<{ title: string; questions: Array<{ options: string[]; correctAnswerIndex: number }> }>;
    };
    expect(stored.questionGroups.map((group) => group.title)).toEqual(['Typed by hand', 'Mental Ability', 'English']);
    expect(stored.questionGroups[1]!.questions[0]).toMatchObject({ options: ['12', '14', '16', '18'], correctAnswerIndex: 2 });
    expect(stored.questionGroups[2]!.questions[0]).toMatchObject({ correctAnswerIndex: 1 });
  });
});

test.describe('image questions', () => {
  test('uploads the image of an image question, shows it, and saves its id and size', async ({ page }) => {
    await signInAsAdmin(page);
    const id = await createExamThroughApi(page, uniqueTitle('Assistant Prison Officer Map Reading'));
    await page.goto(`/admin/exams/editor/${id}/questions`);
    await page.getByRole('button', { name: 'Add group' }).click();
    await page.getByLabel('Group 1 title').fill('Maps');
    await page.getByRole('button', { name: 'Add question to Maps' }).click();
    const item = page.getByRole('listitem', { name: 'Question 1 of Maps' });
    await item.getByLabel('Question type').selectOption({ label: 'Image' });
    await expect(item.getByText('No image yet.')).toBeVisible();
    // A real 1×1 PNG: the server checks the content, not the name.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await item.getByLabel('Upload image of Question 1 of Maps').setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: png });
    const image = item.getByRole('img', { name: 'Image of Question 1 of Maps' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect(item.getByText('Image question', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    const stored = (await (await page.request.get(`/api/admin/exams/details/${id}`)).json()) as {
      questionGroups: Array<{ questions: Array<Record<string, unknown>> }>;
    };
    expect(stored.questionGroups[0]!.questions[0]).toMatchObject({ questionMimeType: 'image', bannerImageFizeSizeInBytes: png.length });
    expect(stored.questionGroups[0]!.questions[0]!.bannerImageId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

test.describe('exam failure paths', () => {
  test('Create Exam asks for a title and a template; a failed create says "Course cannot be added"', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/exams');
    await page.getByRole('button', { name: 'Create Exam' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Exam' });
    await dialog.getByLabel('Template').selectOption({ label: 'Select a template' });
    await dialog.getByRole('button', { name: 'Create Exam' }).click();
    await expect(dialog.getByText('Please provide a exam title')).toBeVisible();
    await expect(dialog.getByText('Please select a template')).toBeVisible();
    await snap(page, 'exams-create-required');

    await page.route(/\/trpc\/[^?]*exams\.create/, (route) => route.abort('connectionrefused'));
    await dialog.getByLabel('Title').fill('Degree Level Prelims');
    await dialog.getByLabel('Template').selectOption({ label: 'Regular' });
    await dialog.getByRole('button', { name: 'Create Exam' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Course cannot be added');
    await expect(alert).toContainText('Network error');
    await expect(dialog.getByLabel('Title')).toHaveValue('Degree Level Prelims');
  });

  test('a failed save shows the reason and keeps every unsaved change; saving again works', async ({ page }) => {
    await signInAsAdmin(page);
    const title = uniqueTitle('Lab Assistant Model Exam');
    const id = await createExamThroughApi(page, title);
    await page.goto(`/admin/exams/editor/${id}`);
    await expect(page.getByRole('textbox', { name: 'Exam title' })).toHaveValue(title);

    await page.route(/\/trpc\/[^?]*exams\.save/, (route) => route.fulfill(BUSY_ANSWER));
    const renamed = `${title} (final)`;
    await page.getByRole('textbox', { name: 'Exam title' }).fill(renamed);
    await page.getByLabel('Description').fill('Chemistry and physics from the last five papers.');
    await page.getByLabel('Wrong answer penalty').fill('.25');
    await page.getByRole('navigation', { name: 'Exam editor' }).getByRole('link', { name: 'Questions' }).click();
    await page.getByRole('button', { name: 'Add group' }).click();
    await page.getByLabel('Group 1 title').fill('Chemistry');
    const save = page.getByRole('button', { name: 'Save' });
    await save.click();
    const failure = page.getByRole('alert').filter({ hasText: 'Saving the exam failed' });
    await expect(failure).toContainText('The database is busy');
    await expect(page.getByText('Your changes are still here: nothing was lost.')).toBeVisible();
    await expect(save).toBeEnabled();
    await expect(page.getByRole('textbox', { name: 'Exam title' })).toHaveValue(renamed);
    await expect(page.getByLabel('Group 1 title')).toHaveValue('Chemistry');
    await snap(page, 'exams-save-failed');

    // No answer at all: "Network error".
    await page.unrouteAll({ behavior: 'wait' });
    await page.route(/\/trpc\/[^?]*exams\.save/, (route) => route.abort('connectionrefused'));
    await save.click();
    await expect(failure).toContainText('Network error');

    await page.unrouteAll({ behavior: 'wait' });
    await page.getByRole('navigation', { name: 'Exam editor' }).getByRole('link', { name: 'General' }).click();
    await expect(page.getByLabel('Description')).toHaveValue('Chemistry and physics from the last five papers.');
    await expect(page.getByLabel('Wrong answer penalty')).toHaveValue('.25');
    await save.click();
    await expect(failure).toHaveCount(0);
    await expect(save).toBeDisabled();
    const stored = (await (await page.request.get(`/api/admin/exams/details/${id}`)).json()) as Record<string, unknown>;
    expect(stored).toMatchObject({ title: renamed, wrongAnswerScore: 0.25, description: 'Chemistry and physics from the last five papers.' });
    expect(stored.questionGroups).toMatchObject([{ title: 'Chemistry', durationInMins: 40, hasTimeRestriction: false, questions: [] }]);
  });

  test('says which field is wrong before saving, and saves nothing', async ({ page }) => {
    await signInAsAdmin(page);
    const id = await createExamThroughApi(page, uniqueTitle('Devaswom Board Test'));
    await page.goto(`/admin/exams/editor/${id}/general`);
    await page.getByLabel('Wrong answer penalty').fill('-0.33');
    await page.getByRole('button', { name: 'Save' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Saving the exam failed' });
    await expect(failure).toContainText('Enter the wrong-answer penalty as a positive number (e.g. .33)');
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
    const stored = (await (await page.request.get(`/api/admin/exams/details/${id}`)).json()) as { wrongAnswerScore: number };
    expect(stored.wrongAnswerScore).toBe(0);
  });

  test('deletes an exam nobody has taken after asking; embedded editors (type=v1) have no back or delete', async ({ page }) => {
    await signInAsAdmin(page);
    const title = uniqueTitle('Prison Officer Drill');
    const id = await createExamThroughApi(page, title);

    await page.goto(`/admin/exams/editor/${id}/questions?type=v1`);
    await expect(page.getByRole('textbox', { name: 'Exam title' })).toHaveValue(title);
    await expect(page.getByRole('link', { name: 'Back' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Exam editor' }).getByRole('link', { name: 'Analytics' })).toHaveAttribute(
      'href',
      `/admin/exams/editor/${id}/analytics?type=v1`,
    );

    await page.goto(`/admin/exams/editor/${id}/general`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Exam' });
    await expect(confirm).toContainText('You are about to delete this exam. Do you want to continue?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/admin\/exams$/);
    expect((await page.request.get(`/api/admin/exams/details/${id}`)).status()).toBe(404);
  });

  test('the manager says "Fetching course failed" and the editor "Fetching data failed"', async ({ page }) => {
    await signInAsAdmin(page);
    await page.route(/\/trpc\/[^?]*exams\.list/, (route) => route.abort('connectionrefused'));
    await page.goto('/admin/exams');
    const listFailure = page.getByRole('alert').filter({ hasText: 'Fetching course failed' });
    await expect(listFailure).toContainText('Network error', { timeout: 30_000 });
    await page.unrouteAll({ behavior: 'wait' });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(listFailure).toBeHidden();

    await page.goto('/admin/exams/editor/00000000-0000-4000-8000-000000000000/general');
    const loadFailure = page.getByRole('alert').filter({ hasText: 'Fetching data failed' });
    await expect(loadFailure).toContainText('Exam not found');
    await page.goto('/admin/exams/not-a-template');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });

  test('rank sync failures say "Syncing Failed"; analytics failures say "Failed to fetch analytics"', async ({ page }) => {
    await signInAsAdmin(page);
    const id = await createExamThroughApi(page, uniqueTitle('10th Level Prelims'));
    await page.route(/\/trpc\/[^?]*exams\.(analytics|statistics)/, (route) => route.abort('connectionrefused'));
    await page.route(/\/trpc\/[^?]*exams\.syncRanks/, (route) => route.abort('connectionrefused'));
    await page.goto(`/admin/exams/editor/${id}/analytics`);
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch analytics' })).toContainText('Network error', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Sync Ranking' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Syncing Failed' })).toContainText('Network error');
    await expect(page.getByText('Never synced')).toBeVisible();
  });
});
