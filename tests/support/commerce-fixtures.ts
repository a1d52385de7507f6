import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { applyPaymentEvent } from '../../server/orders/payment-events.service.ts';
import { startRazorpayStandIn, type RazorpayStandIn } from './razorpay-stand-in.ts';
import type { TestDatabase } from './test-database.ts';
import { createUser, testConfig } from './test-app.ts';
import { startApp } from './app-harness.ts';
import { createCourseForSale, paidRateCardValues } from './factories/course.ts';

/** A test file's selling set-up: its database, the Razorpay stand-in, the app with Razorpay keys, an administrator. */
export interface CommerceWorld {
  database: TestDatabase;
  razorpay: RazorpayStandIn;
  app: FastifyInstance;
  admin: string;
  deps: { db: TestDatabase['db']; config: ReturnType<typeof testConfig> };
  call(cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  student(name?: string): Promise<{ id: string; cookie: string; email: string }>;
  /** A published course sold under a rate card (₹1,000 + 18% GST for 12 months unless told otherwise). */
  courseForSale(overrides?: { gross?: number; term?: string; isFree?: boolean }): Promise<{ cardId: string; courseId: string }>;
  /** A coupon made through the console's route, switched on (with its version) unless told otherwise. */
  coupon(form: Record<string, unknown> & { code: string; discountType: 'rate' | 'amount'; value: number }, isActive?: boolean): Promise<string>;
  couponRow(id: string): Promise<{ impressions: number; redemptions: number; uses: number }>;
  grants(userId: string): Promise<Array<{ id: string; expires_at: Date | null; revoked_at: Date | null }>>;
  /** Applies every stored webhook event not applied yet, as the worker's job would. */
  applyQueuedEvents(): Promise<string[]>;
  close(): Promise<void>;
}

let count = 0;

export async function startCommerceWorld(): Promise<CommerceWorld> {
  const razorpay = await startRazorpayStandIn();
  const harness = await startApp({ env: razorpay.env }).catch(async (error: unknown) => {
    await razorpay.close();
    throw error;
  });
  const { database, app } = harness;
  const admin = harness.cookie('admin');
  const deps = { db: database.db, config: testConfig(razorpay.env) };
  const call: CommerceWorld['call'] = (cookie, method, url, payload) => harness.injectWith(cookie || undefined)(method, url, payload);
  return {
    database,
    razorpay,
    app,
    admin,
    deps,
    call,
    async student(name) {
      count += 1;
      const email = `buyer${count}-${Date.now()}@example.com`;
      const user = await createUser(database.db, { email, name: name ?? `Buyer ${count}` });
      return { id: user.id, cookie: await harness.signIn(email), email };
    },
    async courseForSale(overrides = {}) {
      count += 1;
      const gross = overrides.gross ?? 1000;
      return createCourseForSale(
        database.db,
        { title: `KAS Prelims ${count}` },
        { title: 'KAS 12 months', subscription_term: overrides.term ?? '12-months', ...paidRateCardValues(gross), is_free: overrides.isFree ?? false },
      );
    },
    async coupon(form, isActive = true) {
      const created = await call(admin, 'POST', '/v2/coupons', form);
      if (created.statusCode !== 200) throw new Error(`coupon not created: ${created.body}`);
      const coupon = created.json<{ _id: string; version: number }>();
      if (isActive) {
        const saved = await call(admin, 'PUT', `/v2/coupons/${coupon._id}`, { ...form, isActive: true, version: coupon.version });
        if (saved.statusCode !== 200) throw new Error(`coupon not switched on: ${saved.body}`);
      }
      return coupon._id;
    },
    couponRow: (id) => database.db.selectFrom('coupons').select(['impressions', 'redemptions', 'uses']).where('id', '=', id).executeTakeFirstOrThrow(),
    grants: (userId) => database.db.selectFrom('entitlements').select(['id', 'expires_at', 'revoked_at']).where('user_id', '=', userId).execute(),
    async applyQueuedEvents() {
      const queued = await database.db.selectFrom('payment_events').select('event_id').where('processed_at', 'is', null).orderBy('received_at').execute();
      const outcomes: string[] = [];
      for (const { event_id } of queued) outcomes.push(await applyPaymentEvent(deps, event_id));
      return outcomes;
    },
    async close() {
      await app.close();
      await razorpay.close();
      await database.drop();
    },
  };
}
