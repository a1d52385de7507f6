import { beforeEach, describe, expect, it } from 'vitest';
import { MEETING_LINK_LIMITS, MEETING_LINK_MESSAGES } from '../../../shared/meeting-links/meeting-links.schema.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { countRows } from '../../support/row-count.ts';
import { HOUR, inHours, linkBody as newLinkBody, MISSING_ID } from './link-body.ts';
import { createCourse, createRateCard } from '../../support/factories/course.ts';
import { grantEntitlement, type EntitlementValues } from '../../support/factories/student.ts';

/** A meeting link belongs to courses: staff choose them, and a student sees only the links of courses they may open now. */
const harness = useApp();
const asAdmin = harness.injectAs('admin');

const trpc = (path: string, input: unknown) => asAdmin('POST', `/trpc/meetingLinks.${path}`, JSON.stringify(input), { 'content-type': 'application/json' });

const DAY = 24 * HOUR;
let counter = 0;
/** Links here start an hour ago unless a test says otherwise: a student sees them at once. */
const linkBody = (overrides: Record<string, unknown> = {}) => newLinkBody({ startDate: inHours(-1), ...overrides });

const card = (title: string, values: { is_free?: boolean; free_mode?: 'none' | 'lakshya-students' } = {}) =>
  createRateCard(harness.db, { title, net_amount: 999, ...values });
const course = (title: string, rateCard: string | null, published = true) =>
  createCourse(harness.db, { title, course_rate_card_id: rateCard, is_visible: published, is_published: published });
const grant = (userId: string, values: EntitlementValues) => grantEntitlement(harness.db, userId, values);
async function student(name: string) {
  const user = await createUser(harness.db, { email: `${name}-${++counter}@example.com` });
  return { id: user.id, cookie: await harness.signIn(user.email_address!) };
}
/** A link kept from before links had courses: no course at all. */
const courselessLink = async (title: string) =>
  (
    await harness.db
      .insertInto('meeting_links')
      .values({ title, url: 'https://meet.example.com/ldc-paid-secret', start_date: new Date(Date.now() - HOUR), end_date: new Date(Date.now() + HOUR) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

interface StudentLink {
  _id: string;
  title: string;
  url: string;
  courses: Array<{ _id: string; title: string }>;
}
async function studentLinks(cookie: string): Promise<StudentLink[]> {
  const answer = await harness.injectWith(cookie)('GET', '/api/student/meeting-links');
  expect(answer.headers['cache-control']).toBe('private, no-cache');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().items as StudentLink[];
}
const create = async (body: Record<string, unknown>) => {
  const answer = await asAdmin('POST', '/api/admin/meeting-links', body);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { _id: string; version: number; courseIds: string[]; courses: Array<{ _id: string; title: string }> };
};

describe('which meeting links a student sees', () => {
  let paid: string;
  let paid2: string;
  let free: string;
  let open: string;
  let hidden: string;
  let paidLink: string;
  let bothLink: string;
  let freeLink: string;
  let openLink: string;
  let hiddenLink: string;
  let keptLink: string;

  beforeEach(async () => {
    await harness.db.deleteFrom('meeting_links').execute();
    paid = await course(`LDC Paid ${++counter}`, await card('LDC card'));
    paid2 = await course(`KAS Paid ${++counter}`, await card('KAS card'));
    free = await course(`Free Mock ${++counter}`, await card('Free card', { is_free: true, free_mode: 'none' }));
    open = await course(`Open Course ${++counter}`, null);
    hidden = await course(`Unpublished ${++counter}`, null, false);
    paidLink = (await create(linkBody({ title: 'LDC paid live', url: 'https://meet.example.com/ldc-paid-secret', courseIds: [paid] })))._id;
    bothLink = (await create(linkBody({ title: 'LDC and KAS live', courseIds: [paid, paid2] })))._id;
    freeLink = (await create(linkBody({ title: 'Free live', courseIds: [free] })))._id;
    openLink = (await create(linkBody({ title: 'Open live', courseIds: [open] })))._id;
    hiddenLink = (await create(linkBody({ title: 'Unpublished live', courseIds: [hidden] })))._id;
    keptLink = await courselessLink('Kept without a course');
  });

  it('gives a free account nothing of a paid course: only the links of free courses and courses without a rate card', async () => {
    const visitor = await student('free-account');
    const links = await studentLinks(visitor.cookie);
    expect(links.map((link) => link._id).sort()).toEqual([freeLink, openLink].sort());
    expect(JSON.stringify(links)).not.toContain('ldc-paid-secret');
    expect(links.find((link) => link._id === freeLink)!.courses).toEqual([{ _id: free, title: expect.stringMatching(/^Free Mock/) }]);
  });

  it('gives the holder of a course its links, with only the courses they may open', async () => {
    const holder = await student('holder');
    await grant(holder.id, { resource_type: 'course', resource_id: paid, expires_at: new Date(Date.now() + 30 * DAY) });
    const links = await studentLinks(holder.cookie);
    expect(links.map((link) => link._id).sort()).toEqual([paidLink, bothLink, freeLink, openLink].sort());
    const both = links.find((link) => link._id === bothLink)!;
    expect(both.courses.map((entry) => entry._id)).toEqual([paid]);
    expect(links.find((link) => link._id === paidLink)).toMatchObject({ url: 'https://meet.example.com/ldc-paid-secret', courses: [{ _id: paid }] });

    // Holding the rate card is holding the course.
    const byCard = await student('card-holder');
    const paid2Card = (await harness.db.selectFrom('courses').select('course_rate_card_id').where('id', '=', paid2).executeTakeFirstOrThrow())
      .course_rate_card_id!;
    await grant(byCard.id, { subscription_id: paid2Card });
    expect((await studentLinks(byCard.cookie)).map((link) => link._id).sort()).toEqual([bothLink, freeLink, openLink].sort());
  });

  it('gives nothing of a paid course to a grant that expired, was revoked or has not started', async () => {
    for (const values of [
      { starts_at: new Date(Date.now() - 60 * DAY), expires_at: new Date(Date.now() - DAY) },
      { revoked_at: new Date() },
      { starts_at: new Date(Date.now() + DAY) },
    ]) {
      const lapsed = await student('lapsed');
      await grant(lapsed.id, { resource_type: 'course', resource_id: paid, ...values });
      const ids = (await studentLinks(lapsed.cookie)).map((link) => link._id);
      expect(ids, JSON.stringify(values)).not.toContain(paidLink);
      expect(ids, JSON.stringify(values)).not.toContain(bothLink);
    }
  });

  it('never gives a student a link without a course, nor one of an unpublished course, until staff set one', async () => {
    const holder = await student('everything');
    await grant(holder.id, { resource_type: 'course', resource_id: paid });
    await grant(holder.id, { resource_type: 'course', resource_id: hidden });
    const ids = (await studentLinks(holder.cookie)).map((link) => link._id);
    expect(ids).not.toContain(keptLink);
    expect(ids).not.toContain(hiddenLink);

    // The kept link is listed for staff with no course, and reaches students once it has one.
    const listed = (await asAdmin('GET', '/api/admin/meeting-links')).json() as Array<{
      _id: string;
      courseIds: string[];
      version: number;
      startDate: string;
      endDate: string;
      title: string;
      url: string;
    }>;
    const kept = listed.find((link) => link._id === keptLink)!;
    expect(kept).toMatchObject({ courseIds: [], courses: [] });
    const saved = await asAdmin('PUT', `/api/admin/meeting-links/${keptLink}`, {
      title: kept.title,
      url: kept.url,
      startDate: kept.startDate,
      endDate: kept.endDate,
      courseIds: [open],
      version: kept.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await studentLinks(holder.cookie)).map((link) => link._id)).toContain(keptLink);
  });

  it('keeps the switched-off, not-started and ended links from students of the course', async () => {
    const holder = await student('dates');
    await grant(holder.id, { resource_type: 'course', resource_id: paid });
    const later = await create(linkBody({ title: 'Later', startDate: inHours(5), endDate: inHours(6), courseIds: [paid] }));
    await harness.db.updateTable('meeting_links').set({ is_active: false }).where('id', '=', bothLink).execute();
    const over = await create(linkBody({ title: 'Over', courseIds: [paid] }));
    await harness.db
      .updateTable('meeting_links')
      .set({ start_date: new Date(Date.now() - 3 * HOUR), end_date: new Date(Date.now() - HOUR) })
      .where('id', '=', over._id)
      .execute();
    const ids = (await studentLinks(holder.cookie)).map((link) => link._id);
    expect(ids).toContain(paidLink);
    expect(ids).not.toContain(later._id);
    expect(ids).not.toContain(bothLink);
    expect(ids).not.toContain(over._id);
  });
});

describe('setting the courses of a meeting link (administrators)', () => {
  it('creates a link with its courses and answers them with their titles, in the list too', async () => {
    const a = await course('Degree Prelims', null);
    const b = await course('Plus Two Prelims', null);
    const link = await create(linkBody({ courseIds: [b, a, b] }));
    expect([...link.courseIds].sort()).toEqual([a, b].sort());
    expect(link.courses).toEqual([
      { _id: a, title: 'Degree Prelims' },
      { _id: b, title: 'Plus Two Prelims' },
    ]);
    expect(link.version).toBe(1);
    const listed = ((await asAdmin('GET', '/api/admin/meeting-links')).json() as Array<{ _id: string; courses: unknown }>).find((row) => row._id === link._id);
    expect(listed!.courses).toEqual(link.courses);
    // Without courseIds a link is for staff only.
    expect((await create(linkBody())).courseIds).toEqual([]);
  });

  it('replaces the courses (and the rest) on update, saved only from the version loaded', async () => {
    const a = await course('Course A', null);
    const b = await course('Course B', null);
    const link = await create(linkBody({ courseIds: [a] }));
    const body = linkBody({ title: 'Renamed class', courseIds: [b], version: link.version });
    const saved = await asAdmin('PUT', `/api/admin/meeting-links/${link._id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ _id: link._id, title: 'Renamed class', url: body.url, courseIds: [b], version: 2, isActive: true });
    const stored = await harness.db.selectFrom('meeting_link_courses').select('course_id').where('meeting_link_id', '=', link._id).execute();
    expect(stored.map((row) => row.course_id)).toEqual([b]);

    // A save from the copy loaded before: 409 naming who saved, nothing changed.
    const stale = await asAdmin('PUT', `/api/admin/meeting-links/${link._id}`, linkBody({ courseIds: [a], version: link.version }));
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ type: 'conflict', stale: { version: 2 } });
    const after = (await asAdmin('GET', '/api/admin/meeting-links')).json() as Array<{ _id: string; title: string; courseIds: string[] }>;
    expect(after.find((row) => row._id === link._id)).toMatchObject({ title: 'Renamed class', courseIds: [b] });

    // Through tRPC: the same operation.
    const viaTrpc = await trpc('update', { id: link._id, ...linkBody({ courseIds: [a, b], version: 2 }) });
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    expect(viaTrpc.json().result.data).toMatchObject({ version: 3 });
    expect([...(viaTrpc.json().result.data.courseIds as string[])].sort()).toEqual([a, b].sort());
    const viaTrpcCreate = await trpc('create', linkBody({ courseIds: [a] }));
    expect(viaTrpcCreate.json().result.data.courseIds).toEqual([a]);
  });

  it('lets staff give an ended, kept link a course without touching its dates', async () => {
    const a = await course('Course for an old link', null);
    const id = await courselessLink('Old class');
    await harness.db
      .updateTable('meeting_links')
      .set({ start_date: new Date(Date.now() - 3 * DAY), end_date: new Date(Date.now() - 2 * DAY) })
      .where('id', '=', id)
      .execute();
    const old = (
      (await asAdmin('GET', '/api/admin/meeting-links')).json() as Array<{
        _id: string;
        title: string;
        url: string;
        startDate: string;
        endDate: string;
        version: number;
      }>
    ).find((row) => row._id === id)!;
    const saved = await asAdmin('PUT', `/api/admin/meeting-links/${id}`, {
      title: old.title,
      url: old.url,
      startDate: old.startDate,
      endDate: old.endDate,
      courseIds: [a],
      version: old.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Moving it to another past window is refused, as on create.
    const moved = await asAdmin('PUT', `/api/admin/meeting-links/${id}`, {
      title: old.title,
      url: old.url,
      startDate: inHours(-30),
      endDate: inHours(-29),
      courseIds: [a],
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ message: MEETING_LINK_MESSAGES.endPassed, field: 'endDate' });
  });

  it('refuses unknown, malformed and too many courses with 400 naming courseIds, and stores nothing', async () => {
    const a = await course('Known course', null);
    const link = await create(linkBody({ courseIds: [a] }));
    const cases: Array<[Record<string, unknown>, string]> = [
      [linkBody({ courseIds: [MISSING_ID] }), MEETING_LINK_MESSAGES.courseNotFound],
      [linkBody({ courseIds: [a, MISSING_ID] }), MEETING_LINK_MESSAGES.courseNotFound],
      [linkBody({ courseIds: ['LDC'] }), MEETING_LINK_MESSAGES.courseNotFound],
      [linkBody({ courseIds: [42] }), MEETING_LINK_MESSAGES.courseNotFound],
      [linkBody({ courseIds: 'LDC' }), MEETING_LINK_MESSAGES.coursesNotList],
      [linkBody({ courseIds: Array.from({ length: MEETING_LINK_LIMITS.courses + 1 }, () => a) }), MEETING_LINK_MESSAGES.tooManyCourses],
    ];
    const before = await countRows(harness.db, 'meeting_links');
    for (const [body, message] of cases) {
      for (const [method, url] of [
        ['POST', '/api/admin/meeting-links'],
        ['PUT', `/api/admin/meeting-links/${link._id}`],
      ] as const) {
        const answer = await asAdmin(method, url, body);
        expect(answer.statusCode, `${method} ${JSON.stringify(body.courseIds)}`).toBe(400);
        expect(answer.json(), `${method} ${JSON.stringify(body.courseIds)}`).toMatchObject({ message, field: expect.stringMatching(/^courseIds/) });
      }
    }
    expect(await countRows(harness.db, 'meeting_links')).toBe(before);
    const stored = await harness.db.selectFrom('meeting_links').select(['title', 'version']).where('id', '=', link._id).executeTakeFirstOrThrow();
    expect(stored.version).toBe(1);
    expect(
      (await harness.db.selectFrom('meeting_link_courses').select('course_id').where('meeting_link_id', '=', link._id).execute()).map((row) => row.course_id),
    ).toEqual([a]);
    expect((await asAdmin('PUT', `/api/admin/meeting-links/${MISSING_ID}`, linkBody())).statusCode).toBe(404);
    expect((await asAdmin('PUT', '/api/admin/meeting-links/not-an-id', linkBody())).statusCode).toBe(400);
  });

  it('keeps a link after its course is deleted, for staff only', async () => {
    const gone = await course('Course to delete', null);
    const link = await create(linkBody({ courseIds: [gone] }));
    await harness.db.deleteFrom('courses').where('id', '=', gone).execute();
    const listed = ((await asAdmin('GET', '/api/admin/meeting-links')).json() as Array<{ _id: string; courseIds: string[] }>).find(
      (row) => row._id === link._id,
    );
    expect(listed!.courseIds).toEqual([]);
  });
});

describe('two staff at once', () => {
  it('creates one link for a double click on Create (the same requestId)', async () => {
    const a = await course('Double click course', null);
    const body = linkBody({ courseIds: [a], requestId: crypto.randomUUID() });
    const before = await countRows(harness.db, 'meeting_links');
    const answers = await Promise.all(Array.from({ length: 5 }, () => asAdmin('POST', '/api/admin/meeting-links', body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json()._id)).size).toBe(1);
    expect(await countRows(harness.db, 'meeting_links')).toBe(before + 1);
    expect(answers[0]!.json().courseIds).toEqual([a]);
    // A new opening of the modal is a new link, even with the same fields.
    expect((await asAdmin('POST', '/api/admin/meeting-links', { ...body, requestId: crypto.randomUUID() })).statusCode).toBe(200);
    expect(await countRows(harness.db, 'meeting_links')).toBe(before + 2);
  });

  it('saves one of two edits made from the same copy and refuses the other, never mixing their courses', async () => {
    const courses = await Promise.all(['One', 'Two', 'Three', 'Four'].map((title) => course(`Race ${title}`, null)));
    for (let round = 0; round < 10; round += 1) {
      const link = await create(linkBody({ courseIds: [courses[0]] }));
      const first = linkBody({ title: `First ${round}`, courseIds: [courses[1], courses[2]], version: link.version });
      const second = linkBody({ title: `Second ${round}`, courseIds: [courses[3]], version: link.version });
      const answers = await Promise.all([
        asAdmin('PUT', `/api/admin/meeting-links/${link._id}`, first),
        asAdmin('PUT', `/api/admin/meeting-links/${link._id}`, second),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers[0]!.statusCode === 200 ? first : second;
      const stored = await harness.db.selectFrom('meeting_link_courses').select('course_id').where('meeting_link_id', '=', link._id).execute();
      expect(stored.map((row) => row.course_id).sort()).toEqual([...(winner.courseIds as string[])].sort());
      const row = await harness.db.selectFrom('meeting_links').select(['title', 'version']).where('id', '=', link._id).executeTakeFirstOrThrow();
      expect(row).toEqual({ title: winner.title, version: 2 });
    }
  });
});
