import path from 'node:path';
import type { Page } from '@playwright/test';

/** The desktop and phone sizes a changed screen is looked at in. */
export const SCREEN_SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * With E2E_SCREENSHOTS_DIR set, a screenshot of the page at each size (<name>-desktop.png,
 * <name>-phone.png), for looking at the screen; the page is put back to its size after. Otherwise
 * nothing. The whole page by default; `fullPage: false` for what is in view (a page thousands of
 * rows long would make an image too large to look at).
 */
export async function shootSizes(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  const target = process.env.E2E_SCREENSHOTS_DIR;
  if (!target) return;
  const before = page.viewportSize();
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({ path: path.join(target, `${name}-${size.name}.png`), fullPage, animations: 'disabled' });
  }
  if (before) await page.setViewportSize(before);
}
