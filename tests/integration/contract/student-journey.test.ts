import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createStudentApi, must, type StudentApi } from '../../../clients/student-api/index.ts';
import type { WorkerHandle } from '../../../worker/runner.ts';
import { useApp } from '../../support/app-harness.ts';
import { startSmsProvider, waitFor } from '../../support/mail-catcher.ts';
import { createMediaWorkspace, type MediaWorkspace } from '../../support/media-fixtures.ts';
import { usePushServiceStandIn } from '../../support/push-service-stand-in.ts';
import { startRazorpayStandIn, type RazorpayStandIn } from '../../support/razorpay-stand-in.ts';
import { createUser, testConfig } from '../../support/test-app.ts';
import { startTestWorker } from '../../support/test-worker.ts';
import { publishRanking, replyToComment, setUpCatalogue, type Catalogue } from './staff-side.ts';
import { signIn } from './student-session.ts';
import { openKey, openSigned, signedAddress } from './signed-files.ts';
import { decryptSegment } from '../../../worker/media/segment-encryption.ts';
import { segmentSequenceNumber } from '../../../shared/media/hls-encryption.rules.ts';

/**
 * A student's whole journey through the generated client (clients/student-api), against the server
 * listening on 127.0.0.1 with its worker: what an app developer's code does, step by step. Staff
 * set things up through the console's routes. Each step reads the answers it needs in a small typed
 * helper, so that a change of the student answers shows here as a type error.
 */

const push = usePushServiceStandIn();
let razorpay: RazorpayStandIn;
let sms: Awaited<ReturnType<typeof startSmsProvider>>;
let env: Record<string, string>;
beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  sms = await startSmsProvider();
  env = {
    ...razorpay.env,
    ...push.env,
    SMS_HTTP_URL: sms.url,
    SELLER_GSTIN: '32ABCDE1234F1Z5',
    SELLER_NAME: 'Lakshya Academy',
    INVOICE_PREFIX: 'LKA',
  };
});
afterAll(async () => {
  await razorpay?.close();
  await sms?.close();
});
const harness = useApp({ env: () => env });
const asAdmin = harness.injectAs('admin');

let worker: WorkerHandle;
let media: MediaWorkspace;
let catalogue: Catalogue;
let api: StudentApi;
let credential: string | undefined;
beforeAll(async () => {
  worker = await startTestWorker(harness.database, testConfig(env));
  media = await createMediaWorkspace('journey-');
  await createUser(harness.db, { name: 'Dr. Meera', roles: ['educator'] });
  catalogue = await setUpCatalogue(harness.app, harness.db, harness.cookie('admin'), asAdmin, media.dir);
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = harness.app.server.address() as AddressInfo;
  api = createStudentApi({ baseUrl: `http://127.0.0.1:${port}`, token: () => credential });
  // Staff's set-up waits for the worker to transcode the lecture's video: a ceiling for a busy machine.
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await media?.remove();
});

const student = { name: 'Anu Thomas', emailAddress: 'anu.thomas@example.com', password: 'Constitution-2030', phoneNumber: '9847012345' };
/** What one step leaves for the next. */
const journey: { orderId?: string; attemptId?: string; commentId?: string } = {};
const needs = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`an earlier step did not leave ${what}`);
  return value;
};

describe('a student journey through the generated client', () => {
  it('registers', async () => {
    const account = await must(
      api.POST('/api/auth/register', { body: { name: student.name, emailAddress: student.emailAddress, password: student.password } }),
    );
    expect(account).toMatchObject({ name: student.name, emailAddress: student.emailAddress, roles: [] });
  });

  it('signs in for a bearer token', async () => {
    credential = await signIn(api, student.emailAddress, student.password);
    expect(await must(api.GET('/api/auth/me'))).toMatchObject({ emailAddress: student.emailAddress });
  });

  it('verifies the phone number with the code sent by SMS', async () => {
    const sent = await must(api.POST('/api/student/profile/phone', { body: { phoneNumber: student.phoneNumber } }));
    expect(sent.expiresInMinutes).toBeGreaterThan(0);
    const text = await waitFor(() => sms.messages.find((message) => message.body.to.replace(/\D/g, '').endsWith(student.phoneNumber))?.body.message);
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    const profile = await must(api.POST('/api/student/profile/phone/verify', { body: { phoneNumber: student.phoneNumber, code: needs(code, 'a code') } }));
    expect(profile).toMatchObject({ phoneNumber: student.phoneNumber, phoneVerified: true });
  });

  it('browses the catalogue: the course with its price, not yet bought', async () => {
    const courses = await must(api.GET('/api/student/courses', { params: { query: { page: 1, pageSize: 20 } } }));
    expect(courses).toMatchObject({ page: 1, pageSize: 20, hasMore: false, total: 1 });
    const course = courses.items.find((listed) => listed._id === catalogue.courseId);
    // ₹1,000 and 18 % GST: ₹1,180, in paise.
    expect(course).toMatchObject({ title: 'Indian Constitution', entitled: false, price: { rateCardId: catalogue.cardId, netPaise: 118_000 } });
  });

  it('buys the course with a coupon: quote, order, pays at Razorpay, verifies', async () => {
    const choice = { resourceType: 'course' as const, resourceId: catalogue.courseId, couponCode: catalogue.couponCode };
    const quote = await must(api.POST('/api/student/checkout/quote', { body: choice }));
    expect(quote).toMatchObject({ grossPaise: 100_000, discountPaise: 10_000, netPaise: 106_200, couponCode: catalogue.couponCode });
    const order = await must(api.POST('/api/student/orders', { body: choice }));
    const payment = needs(order.payment ?? undefined, 'a Razorpay order');
    expect(payment.amountPaise).toBe(106_200);
    const paid = razorpay.pay(payment.razorpayOrderId);
    const verified = await must(
      api.POST('/api/student/orders/{id}/verify', {
        params: { path: { id: order._id } },
        body: { razorpay_order_id: payment.razorpayOrderId, razorpay_payment_id: paid.payment.id, razorpay_signature: paid.signature },
      }),
    );
    expect(verified.status).toBe('paid');
    journey.orderId = order._id;
  });

  it('opens the course and its day schedule', async () => {
    const course = await must(api.GET('/api/student/courses/{courseId}', { params: { path: { courseId: catalogue.courseId } } }));
    expect(course.entitled).toBe(true);
    expect(course.firstSubjectLectures?.items.map((lecture) => [lecture._id, lecture.canWatch])).toEqual([[catalogue.lectureId, true]]);
    const days = await must(api.GET('/api/student/courses/{courseId}/days', { params: { path: { courseId: catalogue.courseId }, query: { from: 1, to: 7 } } }));
    const day1 = days.days.find((day) => day.dayIndex === 1);
    expect(day1?.lectures.flatMap((group) => group.lecture.map((lecture) => lecture._id))).toEqual([catalogue.lectureId]);
    expect(day1?.exams.map((entry) => entry.exam._id)).toEqual([catalogue.examId]);
  });

  it('plays the lecture: its playlist, a variant, its key and a segment of the transcoded video', async () => {
    const playback = await must(api.POST('/api/student/lectures/{lectureId}/playback', { params: { path: { lectureId: catalogue.lectureId } } }));
    const master = signedAddress(needs(playback.hlsUrl ?? undefined, 'an HLS address'));
    const masterText = await openSigned(api, master, 'text');
    expect(masterText).toContain('#EXT-X-STREAM-INF');
    const variant = master.follow(masterText.split('\n').find((line) => line !== '' && !line.startsWith('#')));
    const variantText = await openSigned(api, variant, 'text');
    expect(variantText).toContain('#EXTINF');
    const segment = variant.follow(variantText.split('\n').find((line) => line !== '' && !line.startsWith('#')));
    const encrypted = new Uint8Array(await openSigned(api, segment, 'arrayBuffer'));
    // HLS AES-128: the key from the playlist's key line, the IV the segment's media sequence number.
    const key = await openKey(api, variantText);
    expect(key.length).toBe(16);
    const bytes = decryptSegment(encrypted, key, segmentSequenceNumber(segment.hlsFile!)!);
    // An MPEG transport stream: 188-byte packets, each starting with the sync byte 0x47.
    expect(bytes.length % 188).toBe(0);
    expect(bytes[0]).toBe(0x47);
  });

  it('takes the exam, submits it and reads its rank', async () => {
    const exams = await must(api.GET('/api/student/exams'));
    expect(exams.items.map((exam) => exam._id)).toContain(catalogue.examId);
    const attempt = await must(api.POST('/api/student/exams/{examId}/attempts', { params: { path: { examId: catalogue.examId } } }));
    const questions = attempt.questionGroups.flatMap((group) => group.questions);
    // Every answer right but the last (option i % 4 is right).
    const answers = questions.map((question, i) => ({
      questionResId: question.resId,
      providedAnswerIndex: i === questions.length - 1 ? (i + 1) % 4 : i % 4,
      timeElapsedInMs: 3000,
      revision: 1,
    }));
    const saved = await must(api.PUT('/api/student/attempts/{attemptId}/answers', { params: { path: { attemptId: attempt._id } }, body: { answers } }));
    expect(saved).toMatchObject({ saved: 4, rejected: [] });
    await must(api.POST('/api/student/attempts/{attemptId}/submit', { params: { path: { attemptId: attempt._id } } }));
    await publishRanking(asAdmin, catalogue.examId);
    const ranking = await must(api.GET('/api/student/exams/{examId}/ranking', { params: { path: { examId: catalogue.examId } } }));
    expect(ranking.me).toMatchObject({ rank: 1, score: 3 });
    const result = await must(api.GET('/api/student/attempts/{attemptId}/result', { params: { path: { attemptId: attempt._id } } }));
    expect(result).toMatchObject({ rank: 1 });
    journey.attemptId = attempt._id;
  });

  it('comments on the lecture and receives the staff reply as a push', async () => {
    const device = push.service.subscribe();
    await must(api.POST('/api/student/push-subscriptions', { body: device }));
    const comment = await must(
      api.POST('/api/student/lectures/{lectureId}/comments', {
        params: { path: { lectureId: catalogue.lectureId } },
        body: { message: 'Does Article 21 cover privacy?' },
      }),
    );
    expect(comment).toMatchObject({ isMine: true, displayName: student.name });
    await replyToComment(asAdmin, comment._id, catalogue.lectureId, 'Yes: Puttaswamy (2017) read privacy into Article 21.');
    const pushed = await waitFor(() => push.service.received.find((received) => device.endpoint.endsWith(`/push/${received.subscription}`)), 30_000);
    expect(pushed.payload).toMatchObject({
      title: 'Dr. Meera - replied to you',
      body: 'Yes: Puttaswamy (2017) read privacy into Article 21.',
      resourceType: 'lecture',
      resourceId: catalogue.lectureId,
    });
    const thread = await must(api.GET('/api/student/lectures/{lectureId}/comments', { params: { path: { lectureId: catalogue.lectureId } } }));
    expect(thread.items.find((listed) => listed._id === comment._id)?.replies.map((reply) => reply.displayName)).toEqual(['Dr. Meera']);
    journey.commentId = comment._id;
  });

  it('reads current affairs and opens the PDF', async () => {
    const page = await must(api.GET('/api/student/current-affairs'));
    const post = page.items.find((listed) => listed._id === catalogue.currentAffairId);
    expect(post).toMatchObject({ entitled: true, titleDisplay: '5 Jan 2030' });
    const pdf = new Uint8Array(await openSigned(api, signedAddress(needs(post?.pdfUrl ?? undefined, 'a PDF address')), 'arrayBuffer'));
    expect(Buffer.from(pdf.subarray(0, 4)).toString('latin1')).toBe('%PDF');
  });

  it('reads the active meeting links of the course', async () => {
    const links = await must(api.GET('/api/student/meeting-links'));
    expect(links.items.find((link) => link._id === catalogue.meetingLinkId)).toMatchObject({
      url: 'https://meet.example.com/constitution-live',
      courses: [{ _id: catalogue.courseId, title: 'Indian Constitution' }],
    });
  });

  it('downloads the invoice of the order as a PDF', async () => {
    const id = needs(journey.orderId, 'a paid order');
    const { data, response } = await api.GET('/api/student/orders/{id}/invoice', { params: { path: { id } }, parseAs: 'arrayBuffer' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(needs(data, 'the invoice')).subarray(0, 4).toString('latin1')).toBe('%PDF');
    const invoices = await must(api.GET('/api/student/invoices', { params: { query: { page: 1 } } }));
    expect(invoices.items).toEqual([expect.objectContaining({ totalPaise: 106_200, issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/) })]);
  });

  it('signs out: the token stops working', async () => {
    expect(await must(api.DELETE('/api/auth/token'))).toEqual({ status: 'success' });
    const { error, response } = await api.GET('/api/student/profile');
    expect(response.status).toBe(401);
    expect(error).toMatchObject({ type: 'unauthenticated' });
  });
});
