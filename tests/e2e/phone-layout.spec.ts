import { expect, test, type Page } from '@playwright/test';
import { SCREENS, type ScreenKey } from '../../shared/auth/roles.ts';
import { createConsoleUser, createStudent, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** Every screen of the roles table, so that a screen added there is checked too. */
const ALL_SCREENS = Object.keys(SCREENS) as ScreenKey[];

/** What does not fit: the page's own sideways scroll, and buttons or filters the viewport (or a box that hides its overflow) cuts off. */
interface LayoutFindings {
  scrollWidth: number;
  innerWidth: number;
  cutOff: string[];
}

/**
 * Measures the page as a person on a phone sees it. A table scrolls inside its own container:
 * a button in there only has to be reachable by scrolling that container, which itself must fit.
 */
function measureLayout(page: Page): Promise<LayoutFindings> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const cutOff: string[] = [];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    for (const element of document.querySelectorAll(
      'button, [role="button"], select, input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([type="file"])',
    )) {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1 || !element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (element.closest('[aria-hidden="true"], .sr-only')) continue;
      let box = rect;
      for (let ancestor = element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        const overflow = getComputedStyle(ancestor).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') {
          box = ancestor.getBoundingClientRect();
          break;
        }
        if (overflow === 'hidden' || overflow === 'clip') {
          const clip = ancestor.getBoundingClientRect();
          if (rect.left < clip.left - 1 || rect.right > clip.right + 1) cutOff.push(`${describe(element)} is cut off by its container`);
        }
      }
      if (box.left < -1 || box.right > viewport + 1)
        cutOff.push(`${describe(element)} reaches ${Math.round(box.left)}–${Math.round(box.right)} px of ${viewport}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, cutOff: [...new Set(cutOff)] };
  });
}

/** The screen has loaded: its heading shows and nothing in it is still loading. */
async function settled(page: Page): Promise<void> {
  const main = page.locator('main');
  await expect(main.getByRole('heading').or(main.getByRole('button')).first()).toBeVisible();
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(main.getByText(/^Loading/)).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

async function expectFits(page: Page, name: string): Promise<void> {
  await settled(page);
  await snap(page, `phone-${name}`);
  const found = await measureLayout(page);
  expect
    .soft(found.scrollWidth, `${name}: the page scrolls sideways (${found.scrollWidth} px wide at ${found.innerWidth})`)
    .toBeLessThanOrEqual(found.innerWidth);
  expect.soft(found.cutOff, `${name}: buttons or filters cut off`).toEqual([]);
}

/** Rows for the lists that would otherwise be empty: alerts with a long message, one of them read. */
async function seedRows(): Promise<void> {
  const long = `Processing failed for good: ${'Fundamental Rights and Directive Principles '.repeat(4)}(ffmpeg exited with code 1)`;
  await query(
    `insert into admin_alerts (message, resource_type, resource_id, read_at) values ($1, 'asset', gen_random_uuid()::text, null), ($2, 'lecture', gen_random_uuid()::text, now())`,
    [long, 'Meera K commented on “Indian Constitution”: Is Article 51A enforceable?'],
  );
}

/** One record of each editor's kind, made through the API as staff would make them. */
async function seedEditors(page: Page): Promise<Array<{ name: string; path: string }>> {
  const tag = Date.now().toString(36);
  const post = async (url: string, data: unknown): Promise<string> => {
    const response = await page.request.post(url, { data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
    return ((await response.json()) as { _id: string })._id;
  };
  const student = await createStudent({ name: `Winner ${tag}` });
  const [account] = await query<{ id: string }>('select id from users where email_address = $1', [student.email]);
  const lecture = await post('/api/admin/lecture', { title: `Fundamental Rights ${tag}` });
  const exam = await post('/api/admin/exams', { title: `Mock test ${tag}`, templateId: 'mock-test' });
  const courseTitle = `Polity course with a long name for its subjects ${tag}`;
  const course = await post('/api/admin/courses', { title: courseTitle });
  // A subject row holding a lecture, so that the Subjects tab shows its rows.
  const subjects = await page.request.put(`/api/admin/courses/${course}`, {
    data: { value: { title: courseTitle, subjects: [{ title: 'Indian Constitution and Fundamental Rights', lectures: [lecture] }] } },
  });
  expect(subjects.status(), await subjects.text()).toBe(200);
  return [
    { name: 'lecture editor', path: `/admin/videos/lectures/${lecture}` },
    { name: 'lecture discussions', path: `/admin/videos/lectures/${lecture}/discussions` },
    { name: 'subscription editor', path: `/admin/subscriptions/editor/${await post('/api/admin/subscriptions', { title: `Rate card ${tag}` })}` },
    ...['general', 'questions', 'analytics'].map((mode) => ({ name: `exam editor ${mode}`, path: `/admin/exams/editor/${exam}/${mode}` })),
    ...['general', 'subjects', 'rankfiles', 'study-plan'].map((mode) => ({ name: `course editor ${mode}`, path: `/admin/courses/editor/${course}/${mode}` })),
    { name: 'rank file editor', path: `/admin/rank-files/editor/${await post('/api/admin/rankfiles', { title: `Rank file ${tag}` })}` },
    {
      name: 'current affair editor',
      path: `/admin/current-affairs/editor/${await post('/api/admin/current-affairs', { title: new Date().toISOString().slice(0, 10), allowSameDate: true })}`,
    },
    { name: 'winner editor', path: `/admin/winners/editor/${await post('/api/admin/winners', { user: account!.id, winnerName: `Meera ${tag}` })}` },
  ];
}

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: PHONE });

  test('the sign-in page does not scroll sideways', async ({ page }) => {
    await page.goto('/auth/login');
    await expectFits(page, 'sign-in');
  });

  test('every side-bar screen fits the width, with every button in reach', async ({ page }) => {
    test.setTimeout(300_000);
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Phone Admin'));
    await seedRows();
    for (const screen of ALL_SCREENS) {
      await page.goto(SCREENS[screen].path);
      await expectFits(page, screen);
    }
    await page.goto('/account/password');
    await expectFits(page, 'change-password');
  });

  test('every kind of editor fits the width, with every button in reach', async ({ page }) => {
    test.setTimeout(300_000);
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Phone Editor'));
    for (const editor of await seedEditors(page)) {
      await page.goto(editor.path);
      await expectFits(page, editor.name.replaceAll(' ', '-'));
    }
  });

  test('the side bar opens as a sheet that fits the phone', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Phone Menu'));
    await page.goto(SCREENS.videos.path);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('navigation', { name: 'Console' })).toBeVisible();
    const box = await menu.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await menu.getByRole('link', { name: 'Process Queue' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Process Queue' })).toBeVisible();
  });
});

/**
 * On a wide screen every list's filters have room: a select shows its whole choice and a text
 * filter its whole placeholder (the Alerts filters once showed "Has Read" as "A").
 */
function crampedFilters(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    const textWidth = (element: HTMLElement, text: string) => {
      const style = getComputedStyle(element);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return canvas.measureText(text).width;
    };
    const cramped: string[] = [];
    for (const select of document.querySelectorAll<HTMLSelectElement>('main select')) {
      if (!select.checkVisibility()) continue;
      const text = select.selectedOptions[0]?.textContent ?? '';
      const style = getComputedStyle(select);
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (textWidth(select, text) > room + 1) cramped.push(`select ${select.getAttribute('aria-label') ?? select.id}: "${text}" in ${Math.round(room)} px`);
    }
    for (const input of document.querySelectorAll<HTMLInputElement>('main input[placeholder], main input[type="date"]')) {
      if (!input.checkVisibility()) continue;
      const style = getComputedStyle(input);
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = input.type === 'date' ? textWidth(input, '00/00/0000') + 24 : textWidth(input, input.placeholder);
      if (needed > room + 1)
        cramped.push(`input ${input.getAttribute('aria-label') ?? input.placeholder}: needs ${Math.round(needed)} px, has ${Math.round(room)}`);
    }
    return cramped;
  });
}

test.describe('on a wide screen (1440 × 900)', () => {
  test.use({ viewport: DESKTOP });

  test("every list screen's filters have room for what they show", async ({ page }) => {
    test.setTimeout(300_000);
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Wide Admin'));
    for (const screen of ALL_SCREENS) {
      await page.goto(SCREENS[screen].path);
      await settled(page);
      await snap(page, `wide-${screen}`);
      expect.soft(await crampedFilters(page), `${screen}: cramped filters`).toEqual([]);
    }
  });
});
