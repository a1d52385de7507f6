import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, signInThroughApi } from './support/helpers.ts';
import { createLecture, snap } from './support/media.ts';

/** A mock test of `groups` parts of `perGroup` questions, numbered through the exam ("Question text 57: ..."). */
function mockTestGroups(groups: number, perGroup: number) {
  return Array.from({ length: groups }, (_, groupIndex) => ({
    resId: `part-${groupIndex + 1}`,
    title: `Part ${groupIndex + 1}`,
    durationInMins: 40,
    hasTimeRestriction: false,
    questions: Array.from({ length: perGroup }, (_, questionIndex) => {
      const number = groupIndex * perGroup + questionIndex + 1;
      return {
        resId: `question-${number}`,
        question: `Question text ${number}: which river flows through district ${number} of Kerala?`,
        options: ['Periyar', 'Bharathapuzha', 'Pamba', 'Chaliyar'],
        correctAnswerIndex: number % 4,
      };
    }),
  }));
}

async function createMockTest(page: Page): Promise<string> {
  const title = `LD Clerk Mock Test ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/admin/exams', { data: { title, templateId: 'mock-test' } });
  expect(created.status(), await created.text()).toBe(200);
  const { _id: id } = (await created.json()) as { _id: string };
  const saved = await page.request.put(`/api/admin/exams/${id}`, { data: { value: { title, questionGroups: mockTestGroups(4, 25) } } });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

/** Scrolls to the end of the page, again each try: cards that finish loading later make the page longer. */
async function scrollToBottom(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 2;
      }),
    )
    .toBe(true);
}

/**
 * The side bar's links, its Logout and the editor's header, all on screen, wherever the page is
 * scrolled to. In a short window the side bar's last links wait in its own scroll.
 */
async function expectFrameInView(page: Page, titleLabel: string, options: { everyLink: boolean }) {
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Notifications' })).toBeInViewport();
  if (options.everyLink) await expect(nav.getByRole('link', { name: 'Process Queue' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport();
  // The side bar reaches the bottom of the window: no blank column under it.
  const sideBar = (await nav.locator('xpath=ancestor::aside').boundingBox())!;
  expect(sideBar.y).toBeLessThanOrEqual(0.5);
  expect(sideBar.y + sideBar.height).toBeGreaterThanOrEqual(page.viewportSize()!.height - 0.5);

  await expect(page.getByRole('textbox', { name: titleLabel })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Save' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeInViewport();
  await expect(page.getByRole('link', { name: 'Back' })).toBeInViewport();
}

test.describe('long pages', () => {
  test('a 100-question exam: the side bar and the editor header stay in view at the bottom of the Questions tab', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    const id = await createMockTest(page);
    await page.goto(`/admin/exams/editor/${id}/questions`);
    const firstRow = page.getByRole('listitem', { name: 'Question 1 of Part 1' });
    await expect(firstRow).toBeVisible();
    // A long exam opens collapsed: one line per question with its number and the start of its text.
    await expect(firstRow).toContainText('Q1.');
    await expect(firstRow).toContainText('Question text 1: which river');
    await expect(page.getByLabel('Question', { exact: true })).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(3 * 800);

    await scrollToBottom(page);
    await expect(page.getByRole('listitem', { name: 'Question 25 of Part 4' })).toBeInViewport();
    await expectFrameInView(page, 'Exam title', { everyLink: true });
    await snap(page, 'long-exam-scrolled-to-bottom');
    await page.screenshot({ path: test.info().outputPath('long-exam-bottom-viewport.png') });
  });

  test('Jump to question: 57 opens the 7th question of Part 3 below the sticky header', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    const id = await createMockTest(page);
    await page.goto(`/admin/exams/editor/${id}/questions`);
    const jump = page.getByRole('spinbutton', { name: 'Jump to question' });
    await jump.fill('57');
    await jump.press('Enter');

    const target = page.getByRole('listitem', { name: 'Question 7 of Part 3' });
    await expect(target.getByLabel('Question', { exact: true })).toHaveValue('Question text 57: which river flows through district 57 of Kerala?');
    await expect(target).toContainText('No. 57');
    await expect(target.getByRole('button', { name: 'Collapse Question 7 of Part 3' })).toBeFocused();
    await expect(target).toBeInViewport();
    // Not hidden under the editor's header, which is still on screen.
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeInViewport();
    const headerBottom = await save.evaluate((button) => button.closest('header')!.getBoundingClientRect().bottom);
    const targetTop = (await target.boundingBox())!.y;
    expect(targetTop).toBeGreaterThanOrEqual(headerBottom);
    await page.screenshot({ path: test.info().outputPath('jump-to-question-57.png') });
    await snap(page, 'jump-to-question-57');

    await jump.fill('101');
    await jump.press('Enter');
    await expect(page.getByText('Enter a question number from 1 to 100.')).toBeVisible();
  });

  test('the lecture editor keeps its header in view at the bottom of the page', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    const id = await createLecture(page, `Rivers of Kerala ${Date.now().toString(36)}`);
    // A short window makes the editor longer than the screen.
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto(`/admin/videos/lectures/${id}`);
    await expect(page.getByRole('textbox', { name: 'Lecture title' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(500 + 200);
    await scrollToBottom(page);
    await expectFrameInView(page, 'Lecture title', { everyLink: false });
    await snap(page, 'lecture-editor-scrolled-to-bottom');
  });

  test('the side bar scrolls on its own when its links do not fit the window, keeping Logout in view', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    await page.setViewportSize({ width: 1280, height: 480 });
    await page.goto('/admin/subscriptions');
    const nav = page.getByRole('navigation', { name: 'Console' });
    const last = nav.getByRole('link', { name: 'Process Queue' });
    await expect(nav.getByRole('link', { name: 'Notifications' })).toBeInViewport();
    await expect(last).not.toBeInViewport();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport();
    expect(await nav.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);

    await nav.hover();
    await page.mouse.wheel(0, 1000);
    await expect(last).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport();
    // The page itself did not move: only the side bar scrolled.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
