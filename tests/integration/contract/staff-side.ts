import { expect } from 'vitest';
import type { Request } from '../../support/app-harness.ts';
import { waitFor } from '../../support/mail-catcher.ts';
import { makeTestVideo } from '../../support/media-fixtures.ts';
import { multipartBody, TINY_PDF, TINY_PNG } from '../../support/multipart.ts';
import { uploadFile } from '../../support/uploads.ts';
import { createPublishedExam, questionGroup } from '../../support/exam-factory.ts';
import { createRateCard, paidRateCardValues } from '../../support/factories/course.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../server/db/database.ts';

/**
 * What staff set up for the student journey, through the console's own routes (the rate card through
 * the database): a course sold under a ₹1,000 card with one subject, one lecture on day 1 and its
 * exam on day 1, a 10% coupon, a free current-affairs post and a live meeting link for the course.
 */
export interface Catalogue {
  cardId: string;
  courseId: string;
  lectureId: string;
  videoId: string;
  examId: string;
  couponCode: string;
  currentAffairId: string;
  meetingLinkId: string;
}

const ok = async (answer: ReturnType<Request>) => {
  const response = await answer;
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

async function upload(asAdmin: Request, accessMode: 'public' | 'private', fileName: string, content: Buffer, contentType: string): Promise<string> {
  const body = multipartBody([{ fileName, content, contentType }]);
  return (await ok(asAdmin('POST', `/api/assets/${accessMode}`, body.payload, body.headers)))[0]._id as string;
}

/** A real video, uploaded and queued for the worker to transcode; the lecture publishes itself once it is ready. */
async function lectureWithVideo(asAdmin: Request, mediaDir: string, cardId: string) {
  const source = await makeTestVideo({ dir: mediaDir, seconds: 2, width: 320, height: 240, audio: true });
  const videoId = await uploadFile(asAdmin, source, 'article-21.mp4');
  const lectureId = (await ok(asAdmin('POST', '/api/admin/lecture', { title: 'Article 21 explained' })))._id as string;
  await ok(
    asAdmin('PUT', `/api/admin/lecture/${lectureId}`, {
      value: { title: 'Article 21 explained', isVisible: true, lecturerName: 'Dr. Meera', videoResourceId: videoId, masterSubscription: cardId, notes: [] },
    }),
  );
  await ok(asAdmin('POST', `/api/admin/assets/process/video/trigger/${videoId}`, {}, { 'content-type': 'application/json' }));
  return { lectureId, videoId };
}

export async function setUpCatalogue(app: FastifyInstance, db: Db, adminCookie: string, asAdmin: Request, mediaDir: string): Promise<Catalogue> {
  const cardId = await createRateCard(db, { title: 'Constitution 12 months', subscription_term: '12-months', ...paidRateCardValues(1000) });
  const { lectureId, videoId } = await lectureWithVideo(asAdmin, mediaDir, cardId);
  const { id: examId } = await createPublishedExam(app, adminCookie, {
    title: 'Fundamental rights mock',
    questionGroups: [questionGroup(4, { correct: (i) => i % 4 })],
    masterSubscription: cardId,
  });
  const couponCode = 'RIGHTS10';
  const coupon = await ok(asAdmin('POST', '/v2/coupons', { code: couponCode, discountType: 'rate', value: 10, minOrderAmount: -1 }));
  await ok(
    asAdmin('PUT', `/v2/coupons/${coupon._id}`, {
      code: couponCode,
      discountType: 'rate',
      value: 10,
      minOrderAmount: -1,
      isActive: true,
      version: coupon.version,
    }),
  );

  const currentAffairId = (await ok(asAdmin('POST', '/api/admin/current-affairs', { title: '2030-01-05', allowSameDate: true })))._id as string;
  const [cover, pdf] = [
    await upload(asAdmin, 'public', 'cover.png', TINY_PNG, 'image/png'),
    await upload(asAdmin, 'private', 'current-affairs.pdf', TINY_PDF, 'application/pdf'),
  ];
  const post = await ok(
    asAdmin('PUT', `/api/admin/current-affairs/${currentAffairId}`, {
      value: { title: '2030-01-05', isVisible: true, masterSubscription: null, bannerImageId: cover, pdfFileId: pdf },
    }),
  );
  expect(post.isPublished).toBe(true);
  // The course publishes only once its lecture has: when the worker has transcoded the video.
  await videoTranscoded(asAdmin, videoId);
  const courseId = (await ok(asAdmin('POST', '/api/admin/courses', { title: 'Indian Constitution' })))._id as string;
  const course = await ok(
    asAdmin('PUT', `/api/admin/courses/${courseId}`, {
      value: {
        title: 'Indian Constitution',
        isVisible: true,
        courseRateCardId: cardId,
        subjects: [{ title: 'Fundamental rights', lectures: [lectureId], lectureDaySchedulePlan: { [lectureId]: [1] } }],
        exams: [{ exam: examId, dayTags: [1] }],
      },
    }),
  );
  expect(course).toMatchObject({ isPublished: true, publishWarnings: [] });
  const now = Date.now();
  const meetingLinkId = (
    await ok(
      asAdmin('POST', '/api/admin/meeting-links', {
        title: 'Constitution live doubts',
        url: 'https://meet.example.com/constitution-live',
        startDate: new Date(now - 10 * 60_000).toISOString(),
        endDate: new Date(now + 60 * 60_000).toISOString(),
        courseIds: [courseId],
      }),
    )
  )._id as string;
  return { cardId, courseId, lectureId, videoId, examId, couponCode, currentAffairId, meetingLinkId };
}

/** Waits until the worker has transcoded the lecture's video (or failed it, which fails the journey). */
export async function videoTranscoded(asAdmin: Request, videoId: string): Promise<void> {
  const asset = await waitFor(async () => {
    const current = await ok(asAdmin('GET', `/api/admin/assets/${videoId}`));
    return ['ready', 'failed'].includes(current.state) ? current : undefined;
  }, 180_000);
  expect(asset.failureReason).toBeNull();
  expect(asset.state).toBe('ready');
}

/** Staff sync the exam's ranking and publish it. */
export async function publishRanking(asAdmin: Request, examId: string): Promise<void> {
  await ok(asAdmin('PUT', `/api/admin/exams/${examId}/rank/sync`, {}));
  await ok(asAdmin('PUT', `/api/admin/exams/${examId}/rank/status/published`, {}));
}

/** An educator replies to a student's comment from the console; the student is sent a push. */
export async function replyToComment(asAdmin: Request, commentId: string, lectureId: string, message: string): Promise<void> {
  const replied = await ok(
    asAdmin('POST', `/api/admin/comments/reply/${commentId}`, {
      resourceType: 'lecture',
      resourceId: lectureId,
      message,
      name: 'Dr. Meera',
      isAdministrator: true,
    }),
  );
  expect(replied.notification).toEqual({ sent: true, message: null });
}
