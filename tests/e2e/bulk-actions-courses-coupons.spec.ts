import { expect, test, type Page } from '@playwright/test';
import { COURSE_WARNINGS } from '../../shared/courses/course-publish.rules.ts';
import { createConsoleUser, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';
import { BUSY_ANSWER } from './support/answers.ts';

async function signInAs(page: Page, role: string, name: string) {
  await signInThroughApi(page, await createConsoleUser([role], name));
}

function unique(prefix: string, separator = ' '): string {
  return `${prefix}${separator}${Date.now().toString(36)}`;
}

async function created(page: Page, path: string, data: Record<string, unknown>): Promise<string> {
  const response = await page.request.post(path, { data });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { _id: string })._id;
}

const bar = (page: Page) => page.getByRole('toolbar', { name: 'Bulk actions' });

test.describe('bulk actions on courses and coupons', () => {
  test('publishing empty courses refuses each with what it lacks; deleting them removes both', async ({ page }) => {
    await signInAs(page, 'admin', 'Bindu Admin');
    const prefix = unique('Bulk course');
    await created(page, '/api/admin/courses', { title: `${prefix} LDC` });
    await created(page, '/api/admin/courses', { title: `${prefix} LGS` });
    await page.goto('/admin/courses');
    await page.getByRole('textbox', { name: 'Filter Title' }).fill(prefix);
    const table = page.getByRole('table', { name: 'Courses' });
    await table.getByRole('checkbox', { name: `Select ${prefix} LDC` }).check();
    await table.getByRole('checkbox', { name: `Select ${prefix} LGS` }).check();
    await expect(bar(page)).toContainText('2 courses selected');
    await snap(page, 'bulk-courses-selected');
    await bar(page).getByRole('button', { name: 'Publish', exact: true }).click();
    const result = page.getByRole('alertdialog', { name: 'Publish: 0 of 2 courses done' });
    await expect(result).toContainText(`${prefix} LDC: The course stays offline: ${COURSE_WARNINGS.noSubjects}`);
    await snap(page, 'bulk-courses-result');
    await result.getByRole('button', { name: 'OK' }).click();
    await expect(table.getByRole('row').filter({ hasText: prefix }).filter({ hasText: 'Unpublished' })).toHaveCount(2);

    await table.getByRole('checkbox', { name: 'Select the rows of this page' }).check();
    await bar(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete 2 courses' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete: 2 of 2 courses done' }).getByRole('button', { name: 'OK' }).click();
    await expect(table.getByRole('row').filter({ hasText: prefix })).toHaveCount(0);
  });

  test('marketing reads the Course Manager without checkboxes', async ({ page }) => {
    await signInAs(page, 'admin', 'Bindu Admin');
    const title = unique('Campaign course');
    await created(page, '/api/admin/courses', { title });
    await signInAs(page, 'marketing', 'Manu Marketing');
    await page.goto('/admin/courses');
    await page.getByRole('textbox', { name: 'Filter Title' }).fill(title);
    const table = page.getByRole('table', { name: 'Courses' });
    await expect(table.getByRole('row').filter({ hasText: title })).toHaveCount(1);
    await expect(table.getByRole('checkbox')).toHaveCount(0);
  });

  test('activates two chosen coupons, then deactivates them', async ({ page }) => {
    await signInAs(page, 'admin', 'Bindu Admin');
    const prefix = unique('BULK', '-').toUpperCase();
    await created(page, '/v2/coupons', { code: `${prefix}-A`, discountType: 'rate', value: 10 });
    await created(page, '/v2/coupons', { code: `${prefix}-B`, discountType: 'amount', value: 100 });
    await page.goto('/admin/coupons');
    await page.getByRole('textbox', { name: 'Filter Coupon Code' }).fill(prefix);
    const table = page.getByRole('table', { name: 'Coupons' });
    await table.getByRole('checkbox', { name: 'Select the rows of this page' }).check();
    await expect(bar(page)).toContainText('2 coupons selected');
    await expect(bar(page).getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'bulk-coupons-selected-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await bar(page).getByRole('button', { name: 'Activate', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Activate: 2 of 2 coupons done' }).getByRole('button', { name: 'OK' }).click();
    await expect(table.getByRole('row').filter({ hasText: prefix }).filter({ hasText: 'true' })).toHaveCount(2);

    await table.getByRole('checkbox', { name: `Select ${prefix}-A` }).check();
    await bar(page).getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('alertdialog', { name: 'Deactivate: 1 of 1 coupon done' }).getByRole('button', { name: 'OK' }).click();
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: `${prefix}-A` })
        .filter({ hasText: 'false' }),
    ).toHaveCount(1);
  });

  test('says why when a coupons bulk request fails, and keeps the selection', async ({ page }) => {
    await signInAs(page, 'admin', 'Bindu Admin');
    const code = unique('FAIL', '-').toUpperCase();
    await created(page, '/v2/coupons', { code, discountType: 'rate', value: 5 });
    await page.route(/\/trpc\/coupons\.bulk/, (route) => route.fulfill(BUSY_ANSWER));
    await page.goto('/admin/coupons');
    await page.getByRole('textbox', { name: 'Filter Coupon Code' }).fill(code);
    await page
      .getByRole('table', { name: 'Coupons' })
      .getByRole('checkbox', { name: `Select ${code}` })
      .check();
    await bar(page).getByRole('button', { name: 'Activate', exact: true }).click();
    const failure = page.getByRole('alertdialog', { name: 'Activate failed' });
    await expect(failure).toContainText('The database is busy');
    await failure.getByRole('button', { name: 'OK' }).click();
    await expect(bar(page)).toContainText('1 coupon selected');
  });
});
