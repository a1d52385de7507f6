import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

const FONT = 'Noto Sans Malayalam';
const MALAYALAM = /[\u0D00-\u0D7F]/;

const EXAM = {
  title: 'മലയാളം മാതൃകാ പരീക്ഷ',
  group: 'പൊതുവിജ്ഞാനം',
  question: 'കേരളത്തിന്റെ തലസ്ഥാനം ഏത്?',
  options: ['തിരുവനന്തപുരം', 'കൊച്ചി', 'കോഴിക്കോട്', 'തൃശ്ശൂർ'],
};

interface DomNode {
  nodeId: number;
  nodeType: number;
  localName: string;
  nodeValue: string;
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

interface RenderedText {
  /** The element kinds around the text, innermost first (a text field's text sits in its own shadow tree). */
  path: string[];
  text: string;
  fonts: Array<{ familyName: string; isCustomFont: boolean; glyphCount: number }>;
}

/**
 * Every Malayalam text on the page with the fonts Chromium really drew it with
 * (DevTools' CSS.getPlatformFontsForNode), including the text inside inputs and text areas.
 */
async function renderedMalayalam(page: Page): Promise<RenderedText[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const found: Array<{ parentId: number; path: string[]; text: string }> = [];
  const walk = (node: DomNode, path: string[], parentId: number) => {
    // Left out: the document's <title> (the browser's to draw) and a text area's own child text,
    // which is only its first value; what shows is the copy in the text area's shadow tree.
    const drawn = !path.includes('head') && path[0] !== 'textarea';
    if (node.nodeType === 3 && MALAYALAM.test(node.nodeValue) && drawn) found.push({ parentId, path, text: node.nodeValue });
    const here = node.nodeType === 1 ? [node.localName, ...path] : path;
    for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) walk(child, here, node.nodeType === 1 ? node.nodeId : parentId);
  };
  walk(root, [], root.nodeId);
  const rendered: RenderedText[] = [];
  for (const item of found) {
    const { fonts } = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId: item.parentId })) as { fonts: RenderedText['fonts'] };
    rendered.push({ path: item.path, text: item.text, fonts });
  }
  await cdp.detach();
  return rendered;
}

/**
 * The browser fetches the font when a page first needs a Malayalam letter and draws with a
 * fallback until then (font-display: swap): wait for a loaded face, then for every load.
 */
async function fontLoaded(page: Page) {
  await expect
    .poll(() => page.evaluate((font) => [...document.fonts].some((face) => face.family.replace(/["']/g, '') === font && face.status === 'loaded'), FONT))
    .toBe(true);
  await page.evaluate(() => document.fonts.ready);
}

/** Drawn with the bundled font (named per weight: "Noto Sans Malayalam Medium"), not with a system font's boxes. */
function drawnWithFont(item: RenderedText): boolean {
  return item.fonts.some((font) => font.familyName.startsWith(FONT) && font.isCustomFont && font.glyphCount > 0);
}

async function createMalayalamExam(page: Page): Promise<string> {
  const created = await page.request.post('/api/admin/exams', { data: { title: EXAM.title, templateId: 'regular' } });
  expect(created.status(), await created.text()).toBe(200);
  const { _id: id } = (await created.json()) as { _id: string };
  const questionGroups = [
    { resId: 'ml-group', title: EXAM.group, questions: [{ resId: 'ml-q1', question: EXAM.question, options: EXAM.options, correctAnswerIndex: 0 }] },
  ];
  const saved = await page.request.put(`/api/admin/exams/${id}`, { data: { value: { title: EXAM.title, questionGroups } } });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

test.describe('Malayalam text', () => {
  test('is drawn with the bundled Noto Sans Malayalam in text, tables, buttons, inputs and text areas', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    const id = await createMalayalamExam(page);

    await page.goto('/admin/exams');
    await expect(page.getByRole('link', { name: EXAM.title }).first()).toBeVisible();
    await fontLoaded(page);
    const inTable = (await renderedMalayalam(page)).filter((item) => item.path.includes('td'));
    expect(inTable.length).toBeGreaterThan(0);
    for (const item of inTable) expect(drawnWithFont(item), `${item.text} in ${item.path.join(' < ')}: ${JSON.stringify(item.fonts)}`).toBe(true);

    await page.goto(`/admin/exams/editor/${id}/questions`);
    const question = page.getByRole('listitem', { name: `Question 1 of ${EXAM.group}` });
    await expect(question.getByLabel('Question', { exact: true })).toHaveValue(EXAM.question);
    await fontLoaded(page);
    // check() also answers true for a family nobody declared, hence the loaded face above and the drawn glyphs below.
    expect(await page.evaluate((font) => document.fonts.check(`16px "${font}"`, 'മലയാളം'), FONT)).toBe(true);

    const rendered = await renderedMalayalam(page);
    for (const kind of ['input', 'textarea', 'button']) {
      expect(
        rendered.some((item) => item.path.includes(kind)),
        `Malayalam inside a ${kind}`,
      ).toBe(true);
    }
    for (const item of rendered) expect(drawnWithFont(item), `${item.text} in ${item.path.join(' < ')}: ${JSON.stringify(item.fonts)}`).toBe(true);

    // Form controls take the page's font rather than the browser's own.
    const controlFonts = await page.evaluate(() =>
      ['input', 'textarea', 'button', 'select'].map((tag) => [tag, getComputedStyle(document.querySelector(tag)!).fontFamily] as const),
    );
    for (const [tag, family] of controlFonts) expect(family, tag).toContain(FONT);

    await page.screenshot({ path: test.info().outputPath('malayalam-exam-editor.png') });
    await snap(page, 'malayalam-exam-editor');
  });
});
