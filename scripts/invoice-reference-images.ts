/**
 * Makes the reference images the invoice PDF tests compare their rendering with: the words drawn by
 * Chromium (HarfBuzz shaping, Skia rasterising) in the same Noto Sans Malayalam files the invoices
 * embed, at the size a 10 pt line has at 300 dpi, black on white. Chromium is independent of the
 * invoice's own shaping and PDF code, so a match shows the invoice draws the words as a browser
 * does: conjuncts, chillu letters and vowel signs in place.
 *
 *   npx node scripts/invoice-reference-images.ts   (CHROMIUM_PATH, default /usr/bin/chromium)
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright';

export const REFERENCE_WORDS = {
  'course-title': 'കേരള പി.എസ്.സി. പ്രിലിമിനറി പരീക്ഷ ക്ഷമത',
  'buyer-name': 'ശ്രീക്കുട്ടൻ',
} as const;

const require = createRequire(import.meta.url);
const fontUrl = async (file: string) =>
  `data:font/woff;base64,${(await readFile(require.resolve(`@fontsource/noto-sans-malayalam/files/${file}`))).toString('base64')}`;

async function main() {
  const output = path.join(import.meta.dirname, '..', 'tests', 'fixtures', 'invoice-pdf');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    // The files split by range as on the invoice: Malayalam from one, Latin (the full stops) from the other.
    await page.setContent(`<style>
      @font-face { font-family: Invoice; src: url(${await fontUrl('noto-sans-malayalam-malayalam-400-normal.woff')}); unicode-range: U+0D00-0D7F, U+200C-200D, U+25CC; }
      @font-face { font-family: Invoice; src: url(${await fontUrl('noto-sans-malayalam-latin-400-normal.woff')}); unicode-range: U+0000-00FF; }
      body { margin: 0; background: #fff; }
      span { display: inline-block; padding: 20px; font: ${(10 * 300) / 72}px/1.6 Invoice; color: #000; white-space: nowrap; }
    </style>${Object.entries(REFERENCE_WORDS)
      .map(([name, text]) => `<div><span id="${name}">${text}</span></div>`)
      .join('')}`);
    await page.evaluate(() => document.fonts.ready);
    for (const name of Object.keys(REFERENCE_WORDS)) {
      await page.locator(`#${name}`).screenshot({ path: path.join(output, `${name}.png`) });
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.main) await main();
