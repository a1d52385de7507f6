import { z } from '../validation/zod.ts';

const paise = (what: string) => z.int().describe(`${what}, in paise`);

/** Sales of a period: orders paid in it, and refunds made in it. */
export const salesFiguresSchema = z.object({
  orders: z.int().describe('Orders paid in the period (also those refunded or deleted since)'),
  grossPaise: paise('The orders’ price before coupons and GST'),
  taxPaise: paise('The GST charged on them'),
  netPaise: paise('What the students paid'),
  refundsPaise: paise('Refunds Razorpay processed in the period'),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const dailySalesSchema = salesFiguresSchema.extend({ day: z.string().describe('A day in India, YYYY-MM-DD') });
export type DailySales = z.infer<typeof dailySalesSchema>;

export const DASHBOARD_DAYS = 30;

export const dashboardSchema = z.object({
  asOf: z.string().describe('When the figures were read (UTC)'),
  today: z.string().describe('Today in India, YYYY-MM-DD: the days below end with it'),
  /** Only for roles that may see sales (the Orders screen's). */
  sales: z
    .object({
      today: salesFiguresSchema,
      last7Days: salesFiguresSchema,
      last30Days: salesFiguresSchema,
      daily: z.array(dailySalesSchema).describe('The last 30 days in India, oldest first, today last'),
    })
    .optional(),
  /** Only for roles that may see sales. */
  students: z
    .object({
      newToday: z.int(),
      new7Days: z.int(),
      new30Days: z.int(),
      active7Days: z.int().describe('Students who started an exam in the last 7 days'),
    })
    .optional(),
  /** Each count only for roles that open the screen resolving it. */
  waiting: z.object({
    failedMedia: z.int().optional().describe('Process Queue items that failed'),
    unansweredComments: z.int().optional().describe('Student comments no staff member replied to'),
    ordersNeedingAttention: z
      .int()
      .optional()
      .describe('Unread alerts about orders and payments (a partial refund, a payment to an order that can no longer be paid)'),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
