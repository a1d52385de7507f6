import { describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import { dashboardFor } from '../../../server/dashboard/dashboard.service.ts';
import type { OrdersTable } from '../../../server/db/types.ts';
import { useApp } from '../../support/app-harness.ts';
import { createAsset } from '../../support/factories/asset.ts';
import { createLecture } from '../../support/factories/lecture.ts';
import { createStudent } from '../../support/factories/student.ts';
import { createUser } from '../../support/test-app.ts';

const harness = useApp({ roles: ['admin', 'staff', 'marketing', 'manager', 'student'] });

/** Noon on 25 November 2025 in India (06:30 UTC); that day began at 18:30 UTC on the 24th. */
const NOW = new Date('2025-11-25T06:30:00Z');
const TODAY_BEGAN = Date.parse('2025-11-24T18:30:00Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
/** `minutes` after India's midnight that began the day `daysBack` days before 25 November. */
const india = (daysBack: number, minutes = 0) => new Date(TODAY_BEGAN - daysBack * DAY + minutes * MINUTE);

let counter = 0;
async function paidOrder(userId: string, paidAt: Date | null, amounts: { gross: number; gst: number }, status: Insertable<OrdersTable>['status'] = 'paid') {
  counter += 1;
  const row = await harness.db
    .insertInto('orders')
    .values({
      user_id: userId,
      title: `Order ${counter}`,
      subscription_term: '1-month',
      term_days: 30,
      gross_paise: amounts.gross,
      gst_paise: amounts.gst,
      gst_rate: 18,
      net_paise: amounts.gross + amounts.gst,
      mode: 'online',
      status: paidAt === null ? 'created' : status,
      paid_at: paidAt,
      razorpay_payment_id: `pay_${counter}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function refund(orderId: string, amount: number, createdAt: Date, status: 'processed' | 'failed' = 'processed') {
  counter += 1;
  await harness.db
    .insertInto('refunds')
    .values({
      order_id: orderId,
      razorpay_payment_id: `pay_r${counter}`,
      razorpay_refund_id: `rfnd_${counter}`,
      amount_paise: amount,
      status,
      origin: 'razorpay',
      reason: 'Refunded',
      created_at: createdAt,
    })
    .execute();
}

async function studentCreatedAt(createdAt: Date) {
  const student = await createStudent(harness.db);
  await harness.db.updateTable('users').set({ created_at: createdAt }).where('id', '=', student.id).execute();
  return student.id;
}

async function attempt(examId: string, userId: string, startedAt: Date) {
  counter += 1;
  const paper = await harness.db
    .insertInto('exam_papers')
    .values({ exam_id: examId, content_hash: `h${counter}`, paper: JSON.stringify({}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await harness.db
    .insertInto('exam_attempts')
    .values({
      exam_id: examId,
      user_id: userId,
      paper_id: paper.id,
      attempt_number: counter,
      status: 'submitted',
      started_at: startedAt,
      deadline_at: startedAt,
    })
    .execute();
}

async function queueItem(state: 'failed' | 'ready') {
  counter += 1;
  const assetId = await createAsset(harness.db, { file_name: `item-${counter}.mp4` });
  await harness.db
    .insertInto('queue_items')
    .values({ asset_id: assetId, title: `Item ${assetId}`, type: 'video', state, last_state_updated_on: new Date() })
    .execute();
}

async function alert(resourceType: string, read: boolean) {
  await harness.db
    .insertInto('admin_alerts')
    .values({ message: `About a ${resourceType}`, resource_type: resourceType, resource_id: 'x', read_at: read ? new Date() : null })
    .execute();
}

async function buildBusiness() {
  // Students: created today just after midnight, yesterday just before it, 10 and 40 days ago; staff created today are not students.
  const buyer = await studentCreatedAt(india(60));
  const [s1, s2, s3] = [await studentCreatedAt(india(0, 1)), await studentCreatedAt(india(0, -1)), await studentCreatedAt(india(10))];
  await studentCreatedAt(india(40));
  await harness.db
    .updateTable('users')
    .set({ created_at: india(0, 5) })
    .where('id', '=', harness.userId('staff'))
    .execute();

  // Orders: paid today a minute after midnight, yesterday a minute before it (refunded since), 6 days ago (deleted since),
  // 7 days ago, at the very start of the 30th day, on the 31st day, and one never paid.
  await paidOrder(buyer, india(0, 1), { gross: 10_000, gst: 1_800 });
  const refunded = await paidOrder(buyer, india(0, -1), { gross: 20_000, gst: 3_600 }, 'refunded');
  await paidOrder(buyer, india(6, 600), { gross: 5_000, gst: 900 }, 'deleted');
  await paidOrder(buyer, india(7, 600), { gross: 100_000, gst: 18_000 });
  await paidOrder(buyer, india(29), { gross: 1_000, gst: 180 });
  await paidOrder(buyer, india(29, -1), { gross: 99_999, gst: 1 });
  await paidOrder(buyer, null, { gross: 77_777, gst: 0 });
  await refund(refunded, 23_600, india(0, 540));
  await refund(refunded, 5_000, india(0, 600), 'failed');
  await refund(refunded, 1_000, india(8));
  await refund(refunded, 333, india(30, -1));

  // Activity: s1 started two attempts, s2 one at the very start of the 7th day, s3 only on the 8th day.
  const exam = await harness.db.insertInto('exams').values({ title: 'Mock', template_id: 'mock-test' }).returning('id').executeTakeFirstOrThrow();
  await attempt(exam.id, s1, india(2));
  await attempt(exam.id, s1, india(1));
  await attempt(exam.id, s2, india(6));
  await attempt(exam.id, s3, india(6, -1));

  // Waiting work: two failed media items, one student comment without a staff reply, two unread alerts about orders or payments.
  await queueItem('failed');
  await queueItem('failed');
  await queueItem('ready');
  const lectureId = await createLecture(harness.db, { title: 'Rivers of Kerala' });
  const comment = (text: string, userId: string | null) =>
    harness.db
      .insertInto('comments')
      .values({ lecture_id: lectureId, user_id: userId, display_name: 'Someone', message: text })
      .returning('id')
      .executeTakeFirstOrThrow();
  await comment('Unanswered', s1);
  const answered = await comment('Answered', s2);
  await harness.db
    .insertInto('comment_replies')
    .values({ comment_id: answered.id, user_id: null, display_name: 'Staff', is_administrator: true, message: 'Yes' })
    .execute();
  await comment('Written by staff', null);
  await alert('order', false);
  await alert('payment', false);
  await alert('order', true);
  await alert('lecture', false);
}

describe('the dashboard', () => {
  it('sums sales, students and waiting work in India’s days, across midnight', async () => {
    await buildBusiness();
    const dashboard = await dashboardFor(harness.db, ['admin'], NOW);
    expect(dashboard.today).toBe('2025-11-25');
    expect(dashboard.sales?.today).toEqual({ orders: 1, grossPaise: 10_000, taxPaise: 1_800, netPaise: 11_800, refundsPaise: 23_600 });
    expect(dashboard.sales?.last7Days).toEqual({ orders: 3, grossPaise: 35_000, taxPaise: 6_300, netPaise: 41_300, refundsPaise: 23_600 });
    expect(dashboard.sales?.last30Days).toEqual({ orders: 5, grossPaise: 136_000, taxPaise: 24_480, netPaise: 160_480, refundsPaise: 24_600 });
    const daily = dashboard.sales?.daily ?? [];
    expect(daily).toHaveLength(30);
    expect(daily[0]).toEqual({ day: '2025-10-27', orders: 1, grossPaise: 1_000, taxPaise: 180, netPaise: 1_180, refundsPaise: 0 });
    expect(daily.at(-2)).toEqual({ day: '2025-11-24', orders: 1, grossPaise: 20_000, taxPaise: 3_600, netPaise: 23_600, refundsPaise: 0 });
    expect(daily.at(-1)).toEqual({ day: '2025-11-25', orders: 1, grossPaise: 10_000, taxPaise: 1_800, netPaise: 11_800, refundsPaise: 23_600 });
    expect(daily.find((day) => day.day === '2025-11-17')).toMatchObject({ orders: 0, refundsPaise: 1_000 });
    expect(daily.reduce((total, day) => total + day.netPaise, 0)).toBe(160_480);
    expect(dashboard.students).toEqual({ newToday: 1, new7Days: 2, new30Days: 3, active7Days: 2 });
    expect(dashboard.waiting).toEqual({ failedMedia: 2, unansweredComments: 1, ordersNeedingAttention: 2 });

    // Marketing sees sales but not the Process Queue; staff and managers see only their waiting work.
    const marketing = await dashboardFor(harness.db, ['marketing'], NOW);
    expect(marketing.sales?.last30Days.netPaise).toBe(160_480);
    expect(marketing.waiting).toEqual({ unansweredComments: 1, ordersNeedingAttention: 2 });
    for (const roles of [['staff'], ['manager'], ['staff', 'manager']]) {
      expect(await dashboardFor(harness.db, roles, NOW), roles.join()).toEqual({
        asOf: NOW.toISOString(),
        today: '2025-11-25',
        waiting: { failedMedia: 2, unansweredComments: 1 },
      });
    }
  });

  it('answers over REST and tRPC, with no sales or student figures for a role that may not see sales', async () => {
    const admin = (await harness.injectAs('admin')('GET', '/api/admin/dashboard')).json();
    expect(admin.sales.daily).toHaveLength(30);
    expect(admin.sales.daily.at(-1).day).toBe(admin.today);
    expect(Object.keys(admin.students)).toEqual(['newToday', 'new7Days', 'new30Days', 'active7Days']);

    for (const role of ['staff', 'manager'] as const) {
      const rest = await harness.injectAs(role)('GET', '/api/admin/dashboard');
      expect(rest.statusCode).toBe(200);
      expect(Object.keys(rest.json()).sort(), role).toEqual(['asOf', 'today', 'waiting']);
      expect(rest.body).not.toMatch(/paise|sales|students/i);
      const trpc = await harness.injectAs(role)('GET', '/trpc/dashboard.get');
      expect(trpc.statusCode).toBe(200);
      expect(Object.keys(trpc.json().result.data).sort(), role).toEqual(['asOf', 'today', 'waiting']);
    }
    expect(Object.keys((await harness.injectAs('marketing')('GET', '/api/admin/dashboard')).json()).sort()).toEqual([
      'asOf',
      'sales',
      'students',
      'today',
      'waiting',
    ]);
    expect((await harness.injectAs('student')('GET', '/api/admin/dashboard')).statusCode).toBe(403);
    expect((await harness.injectAs('nobody')('GET', '/api/admin/dashboard')).statusCode).toBe(401);
    const educator = await createUser(harness.db, { email: 'educator-dash@example.com', roles: ['educator'] });
    expect((await harness.injectWith(await harness.signIn(educator.email_address ?? ''))('GET', '/api/admin/dashboard')).statusCode).toBe(403);
  });
});
