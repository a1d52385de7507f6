import type { z } from 'zod';
import { toRupees } from '../../shared/commerce/money.ts';
import {
  HOLDINGS_PAGE_SIZE,
  type GrantSource,
  type holdingsInputSchema,
  type StudentGrantsPage,
  type StudentOrdersPage,
} from '../../shared/users/student-holdings.schema.ts';
import type { RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { ACCOUNT_MESSAGES } from '../../shared/auth/accounts.schema.ts';
import { findUserRow } from './users.repository.ts';
import { listStudentGrants, listStudentOrders, type GrantRow } from './student-holdings.repository.ts';
import { requireAccountManager } from './account-manager.ts';

type HoldingsInput = z.output<typeof holdingsInputSchema>;

/** Where a grant came from: its order (by hand, free, with a coupon or paid online), or how else it was given. */
export function grantSourceOf(row: Pick<GrantRow, 'source' | 'order_id' | 'order_mode' | 'coupon_code'>): GrantSource {
  if (row.order_id || row.source === 'order') {
    if (row.order_mode === 'manual') return 'manual-order';
    if (row.coupon_code) return 'coupon';
    if (row.order_mode === 'free') return 'free-order';
    return 'order';
  }
  if (row.source === 'manual' || row.source === 'lakshya') return row.source;
  return 'other';
}

async function requireAccount(ctx: RequestContext, id: string): Promise<void> {
  await requireAccountManager(ctx);
  if (!(await findUserRow(ctx.db, id))) throw new AppError('not-found', ACCOUNT_MESSAGES.notFound);
}

/** The asked page of what the account holds, once the caller may see accounts and the account exists. */
async function accountPage<Row>(
  ctx: RequestContext,
  input: HoldingsInput,
  list: (db: Db, userId: string, page: { limit: number; offset: number }) => Promise<{ rows: Row[]; total: number }>,
) {
  await requireAccount(ctx, input.id);
  const { rows, total } = await list(ctx.db, input.id, { limit: HOLDINGS_PAGE_SIZE, offset: (input.page - 1) * HOLDINGS_PAGE_SIZE });
  return { rows, paging: { total, page: input.page, pageSize: HOLDINGS_PAGE_SIZE } };
}

/** GET /api/admin/users/{id}/grants: what the account may open, live grants first, a page at a time. */
export async function listGrantsOfAccount(ctx: RequestContext, input: HoldingsInput): Promise<StudentGrantsPage> {
  const { rows, paging } = await accountPage(ctx, input, listStudentGrants);
  return {
    grants: rows.map((row) => ({
      _id: row.id,
      title: row.title ?? 'Removed item',
      kind: row.resource_type ?? 'rate-card',
      source: grantSourceOf(row),
      orderId: row.order_id,
      couponCode: row.coupon_code,
      startsAt: row.starts_at.toISOString(),
      expiresAt: row.expires_at?.toISOString() ?? null,
      state: row.state,
    })),
    ...paging,
  };
}

/** GET /api/admin/users/{id}/orders: the account's orders in every state, newest first, a page at a time. */
export async function listOrdersOfAccount(ctx: RequestContext, input: HoldingsInput): Promise<StudentOrdersPage> {
  const { rows, paging } = await accountPage(ctx, input, listStudentOrders);
  return {
    orders: rows.map((row) => ({
      _id: row.id,
      createdAt: row.created_at.toISOString(),
      title: row.title,
      subscriptionTerm: row.subscription_term,
      netAmount: toRupees(row.net_paise),
      status: row.status,
      mode: row.mode,
      couponCode: row.coupon_code,
      razorPayId: row.razorpay_payment_id ?? row.razorpay_order_id,
      invoiceNumber: row.invoice_number,
    })),
    ...paging,
  };
}
