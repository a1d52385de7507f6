import { expect, test, type Browser, type Page } from '@playwright/test';
import { createConsoleUser, createStudent, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';
import { courseForSale } from './support/commerce.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
/** A 10-digit mobile number no other test uses. */
const mobile = () => `9${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

async function studentPage(browser: Browser, phone: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughApi(page, await createStudent({ name: 'Anjali Buyer', phone }));
  return page;
}

/** The Razorpay stand-in, reached over HTTP from this test process. */
const standIn = (path: string, init?: RequestInit) => fetch(`${process.env.E2E_RAZORPAY_URL}${path}`, init);

/** A student buys a course online and pays it through Razorpay: the order, the payment's id and the student's page. */
async function paidOnlineOrder(browser: Browser, title: string): Promise<{ courseId: string; phone: string; paymentId: string; student: Page }> {
  const courseId = await courseForSale(title);
  const phone = mobile();
  const student = await studentPage(browser, phone);
  const order = await (await student.request.post('/api/student/orders', { data: { resourceType: 'course', resourceId: courseId } })).json();
  expect(order.payment, JSON.stringify(order)).toMatchObject({ provider: 'razorpay', amountPaise: 118_000 });
  const paid = await (await standIn(`/__standin/orders/${order.payment.razorpayOrderId}/pay`, { method: 'POST' })).json();
  const verified = await student.request.post(`/api/student/orders/${order._id}/verify`, {
    data: { razorpay_order_id: order.payment.razorpayOrderId, razorpay_payment_id: paid.payment.id, razorpay_signature: paid.signature },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  expect((await (await student.request.get(`/api/student/courses/${courseId}`)).json()).entitled).toBe(true);
  return { courseId, phone, paymentId: paid.payment.id, student };
}

/** What the stand-in holds of a payment and the refunds made of it. */
async function heldPayment(
  paymentId: string,
): Promise<{ payment: { amount: number; amount_refunded: number; refund_status: string | null }; refunds: Array<{ amount: number }> }> {
  return (await standIn(`/__standin/payments/${paymentId}`)).json();
}

/** Makes Razorpay answer the next refund of this payment with `status` (a refusal or trouble on its side). */
async function failNextRefund(paymentId: string, status: number, description: string): Promise<void> {
  const response = await standIn('/__standin/fail-next', {
    method: 'POST',
    body: JSON.stringify({ count: 1, status, description, path: `/v1/payments/${paymentId}/refund` }),
  });
  expect(response.status).toBe(200);
}

/** Chooses a resource for the manual order in the picker, found by typing part of its title. */
async function pickResource(page: Page, kind: 'course', title: string): Promise<void> {
  await page
    .getByRole('dialog', { name: 'Create Order' })
    .getByRole('button', { name: `Choose ${kind}` })
    .click();
  const picker = page.getByRole('dialog', { name: `Select a ${kind}` });
  await picker.getByRole('textbox', { name: `Search ${kind}s by title` }).fill(title);
  await picker.getByRole('checkbox', { name: `Select ${title}` }).check();
  await picker.getByRole('button', { name: 'Select 1 item(s)' }).click();
  await expect(picker).toBeHidden();
}

test.describe('orders', () => {
  test('a student buys a course with a coupon through REST and Razorpay, opens it, and the order shows with its coupon', async ({ page, browser }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Orders Admin'));
    const code = `E2E${unique().toUpperCase()}`;
    const coupon = await (await page.request.post('/v2/coupons', { data: { code, discountType: 'rate', value: 10 } })).json();
    expect(
      (
        await page.request.put(`/v2/coupons/${coupon._id}`, { data: { code, discountType: 'rate', value: 10, isActive: true, version: coupon.version } })
      ).status(),
    ).toBe(200);
    const title = `KAS Mains ${unique()}`;
    const courseId = await courseForSale(title);
    const phone = mobile();
    const student = await studentPage(browser, phone);

    const quote = await (
      await student.request.post('/api/student/checkout/quote', { data: { resourceType: 'course', resourceId: courseId, couponCode: code.toLowerCase() } })
    ).json();
    expect(quote).toMatchObject({ grossPaise: 100000, discountPaise: 10000, gstPaise: 16200, netPaise: 106200, couponCode: code });
    const order = await (
      await student.request.post('/api/student/orders', { data: { resourceType: 'course', resourceId: courseId, couponCode: code } })
    ).json();
    expect(order.payment).toMatchObject({ provider: 'razorpay', amountPaise: 106_200 });
    // The student pays in Razorpay Checkout; the stand-in hands back what Checkout would.
    const paid = await (await fetch(`${process.env.E2E_RAZORPAY_URL}/__standin/orders/${order.payment.razorpayOrderId}/pay`, { method: 'POST' })).json();
    const verified = await student.request.post(`/api/student/orders/${order._id}/verify`, {
      data: { razorpay_order_id: order.payment.razorpayOrderId, razorpay_payment_id: paid.payment.id, razorpay_signature: paid.signature },
    });
    expect(verified.status(), await verified.text()).toBe(200);
    expect((await (await student.request.get(`/api/student/courses/${courseId}`)).json()).entitled).toBe(true);

    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { name: 'Orders (Completed)' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search orders' }).fill(phone);
    const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: phone });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(code);
    await expect(row).toContainText('INR 1,062');
    await expect(row).toContainText(title);
    await expect(row).toContainText(paid.payment.id);
    await expect(row.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/admin/courses/editor/${courseId}`);
    const invoiceLink = row.getByRole('link', { name: /^Invoice of the order of/ });
    await expect(invoiceLink).toHaveAttribute('target', '_blank');
    const pdf = await page.request.get((await invoiceLink.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await student.request.get(`/api/student/orders/${order._id}/invoice`)).headers()['content-type']).toBe('application/pdf');
    await snap(page, 'orders');
  });

  test('staff create a manual order in two steps (warnings first, Go Back works), and it appears at the top with no coupon', async ({ page, browser }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Orders Admin 2'));
    const title = `Degree Level ${unique()}`;
    const courseId = await courseForSale(title);
    const phone = mobile();
    const student = await studentPage(browser, `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);

    await page.goto('/admin/orders');
    await page.getByRole('button', { name: 'Create Manual Order' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Order' });
    await modal.getByRole('button', { name: 'Create Order' }).click();
    const warnings = page.getByRole('alertdialog', { name: 'Warnings!' });
    for (const message of ['Phone number is required', 'Resource ID is required', 'Please choose a subscription term']) {
      await expect(warnings.getByText(message)).toBeVisible();
    }
    await snap(page, 'manual-order-warnings');
    await warnings.getByRole('button', { name: 'OK' }).click();

    await modal.getByLabel('Phone number').fill(phone);
    await modal.getByLabel('Resource type').selectOption('course');
    await pickResource(page, 'course', title);
    await modal.getByLabel('Subscription term').selectOption('6-months');
    await modal.getByLabel('Amount (INR)').fill('750.50');
    await modal.getByRole('button', { name: 'Create Order' }).click();
    const review = page.getByRole('dialog', { name: 'Review & Confirm' });
    await expect(review.getByText(title)).toBeVisible();
    await expect(review.getByText('6-months (180 days)')).toBeVisible();
    await review.getByRole('button', { name: 'Go Back' }).click();
    await expect(modal.getByLabel('Amount (INR)')).toHaveValue('750.50');
    await modal.getByRole('button', { name: 'Create Order' }).click();
    await snap(page, 'manual-order-review');
    await review.getByRole('button', { name: 'Confirm' }).click();
    await expect(review).toBeHidden();

    const firstRow = page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1);
    await expect(firstRow).toContainText(title);
    await expect(firstRow).toContainText('No coupon used');
    await expect(firstRow).toContainText('Manual (admin)');
    await expect(firstRow).toContainText('INR 750.5');
    expect((await (await student.request.get(`/api/student/courses/${courseId}`)).json()).entitled).toBe(true);
  });

  test('says why a manual order cannot be made, keeps the form, and deleting an order takes the access back', async ({ page, browser }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Orders Admin 3'));
    const title = `LDC ${unique()}`;
    const courseId = await courseForSale(title);
    await page.goto('/admin/orders');
    await page.getByRole('button', { name: 'Create Manual Order' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Order' });
    const nobody = mobile();
    await modal.getByLabel('Phone number').fill(nobody);
    await pickResource(page, 'course', title);
    await modal.getByLabel('Subscription term').selectOption('1-month');
    await modal.getByRole('button', { name: 'Create Order' }).click();
    await expect(modal.getByText('Order cannot be created')).toBeVisible();
    await expect(modal.getByText(`No student has the phone number ${nobody}`)).toBeVisible();
    await snap(page, 'manual-order-refused');
    await modal.getByRole('button', { name: 'Cancel' }).click();

    const phone = mobile();
    const student = await studentPage(browser, phone);
    const created = await page.request.post(
      `/api/order/manual?${new URLSearchParams({ phoneNumber: phone, resourceId: courseId, resourceType: 'course', term: '1-month' })}`,
    );
    expect(created.status()).toBe(200);
    await page.reload();
    await page.getByRole('textbox', { name: 'Search orders' }).fill(phone);
    const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: phone });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^Delete the order of/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Order' });
    // Nothing was paid through Razorpay, so nothing is offered to refund.
    await expect(confirm.getByText('Do you want to delete it?')).toBeVisible();
    await expect(confirm.getByRole('checkbox')).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    expect((await (await student.request.get(`/api/student/courses/${courseId}`)).json()).entitled).toBe(false);
  });

  test('deleting a paid online order can refund it through Razorpay first: the payment is refunded in full and the access taken back', async ({
    page,
    browser,
  }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Orders Admin 4'));
    const title = `Secretariat Assistant ${unique()}`;
    const { courseId, phone, paymentId, student } = await paidOnlineOrder(browser, title);

    await page.goto('/admin/orders');
    await page.getByRole('textbox', { name: 'Search orders' }).fill(phone);
    const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: phone });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Online');
    await row.getByRole('button', { name: /^Delete the order of/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Order' });
    const refund = confirm.getByRole('checkbox', { name: 'Refund the payment through Razorpay' });
    await expect(refund).not.toBeChecked();
    await expect(refund).toHaveAccessibleDescription(/Razorpay pays back to the student's payment method what is left of the INR 1,180 paid/);
    await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
    await refund.check();
    await snap(page, 'order-delete-refund');
    const deleted = page.waitForResponse((response) => response.url().includes('/trpc/orders.delete'));
    await confirm.getByRole('button', { name: 'Refund and Delete' }).click();
    expect((await deleted).status()).toBe(200);
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Order refunded and deleted')).toBeVisible();
    await expect(row).toHaveCount(0);

    const held = await heldPayment(paymentId);
    expect(held.refunds).toEqual([expect.objectContaining({ amount: 118_000 })]);
    expect(held.payment).toMatchObject({ amount_refunded: 118_000, refund_status: 'full' });
    expect((await (await student.request.get(`/api/student/courses/${courseId}`)).json()).entitled).toBe(false);
  });

  test('a refund Razorpay refuses or does not answer deletes nothing: the dialog says why and the order stays', async ({ page, browser }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Orders Admin 5'));
    const title = `Village Field Assistant ${unique()}`;
    const { courseId, phone, paymentId, student } = await paidOnlineOrder(browser, title);

    await page.goto('/admin/orders');
    await page.getByRole('textbox', { name: 'Search orders' }).fill(phone);
    const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: phone });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^Delete the order of/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Order' });
    await confirm.getByRole('checkbox', { name: 'Refund the payment through Razorpay' }).check();

    const reason = 'Your account does not have enough balance to carry out the refund operation.';
    await failNextRefund(paymentId, 400, reason);
    let answered = page.waitForResponse((response) => response.url().includes('/trpc/orders.delete'));
    await confirm.getByRole('button', { name: 'Refund and Delete' }).click();
    expect((await answered).status()).toBe(409);
    await expect(confirm.getByRole('alert')).toContainText('Delete failed');
    await expect(confirm.getByRole('alert')).toContainText(`Razorpay refused the refund (${reason}), so the order was not deleted`);
    await expect(confirm.getByRole('checkbox', { name: 'Refund the payment through Razorpay' })).toBeChecked();
    await snap(page, 'order-refund-refused');

    await failNextRefund(paymentId, 503, 'We are facing some trouble completing your request at the moment');
    answered = page.waitForResponse((response) => response.url().includes('/trpc/orders.delete'));
    await confirm.getByRole('button', { name: 'Refund and Delete' }).click();
    expect((await answered).status()).toBe(503);
    await expect(confirm.getByRole('alert')).toContainText(
      'Razorpay did not answer, so nothing was refunded and the order was not deleted. Please try again in a minute.',
    );

    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.reload();
    await page.getByRole('textbox', { name: 'Search orders' }).fill(phone);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('paid');
    const held = await heldPayment(paymentId);
    expect(held.refunds).toEqual([]);
    expect(held.payment.amount_refunded).toBe(0);
    expect((await (await student.request.get(`/api/student/courses/${courseId}`)).json()).entitled).toBe(true);
  });
});
