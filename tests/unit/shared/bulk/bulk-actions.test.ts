import { describe, expect, it } from 'vitest';
import { BULK_ACTIONS, bulkActionsText, bulkInputSchema, SWITCH_BULK_ACTIONS, titleFilterSchema } from '../../../../shared/bulk/bulk.schema.ts';
import { couponColumnTexts } from '../../../../shared/commerce/coupon-list.rules.ts';

describe('bulk actions of a list', () => {
  it('names each list’s own actions in words', () => {
    expect(bulkActionsText(BULK_ACTIONS)).toBe('Publish, unpublish or delete');
    expect(bulkActionsText(SWITCH_BULK_ACTIONS)).toBe('Activate, deactivate or delete');
    expect(bulkActionsText(['delete'])).toBe('Delete');
  });

  it('takes only the list’s own actions', () => {
    const coupons = bulkInputSchema(SWITCH_BULK_ACTIONS, titleFilterSchema);
    expect(coupons.safeParse({ action: 'activate', ids: ['00000000-0000-4000-8000-000000000000'] }).success).toBe(true);
    const publish = coupons.safeParse({ action: 'publish', ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(publish.success).toBe(false);
    expect(publish.error?.issues[0]).toMatchObject({ path: ['action'], message: 'Choose an action this list has: activate, deactivate, delete' });
  });
});

describe("the Coupons table's filtered columns", () => {
  const coupon = { code: 'ONAM25', minOrderAmount: 1499.5, discountType: 'amount', value: 200, impressions: 7, redemptions: 2, isActive: false } as const;

  it('are the texts the table shows', () => {
    expect(couponColumnTexts(coupon)).toEqual({
      code: 'ONAM25',
      minOrder: 'INR 1,499.5',
      type: 'By Amount (INR)',
      value: 'INR 200',
      impressions: '7',
      redemptions: '2',
      active: 'false',
    });
    expect(couponColumnTexts({ ...coupon, minOrderAmount: -1, discountType: 'rate', value: 12.5 })).toMatchObject({ minOrder: 'No minimum', value: '12.5%' });
  });
});
