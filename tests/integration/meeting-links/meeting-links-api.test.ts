import { describe, expect, it } from 'vitest';
import { MEETING_LINK_MESSAGES } from '../../../shared/meeting-links/meeting-links.schema.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { expectRefusals, type Refusal } from '../../support/refusals.ts';
import { countRows } from '../../support/row-count.ts';
import { HOUR, inHours, linkBody, MISSING_ID } from './link-body.ts';

const harness = useApp();
const asNobody = harness.injectAs('nobody');
const asAdmin = harness.injectAs('admin');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** As the administrator unless another session (or null: signed out) is given. */

async function consoleUser(roles: string[]) {
  const user = await createUser(harness.db, { roles });
  return harness.signIn(user.email_address!);
}

describe('meeting links (administrators)', () => {
  it('adds a link switched on, lists it with its times, flips it off and on, and removes it', async () => {
    const body = linkBody({ title: '  Prelims revision (live)  ', startDate: '2030-01-05T19:30:00+05:30', endDate: Date.parse('2030-01-05T21:00:00+05:30') });
    const created = await asAdmin('POST', '/api/admin/meeting-links', body);
    expect(created.statusCode, created.body).toBe(200);
    const link = created.json();
    expect(link).toMatchObject({
      title: 'Prelims revision (live)',
      url: body.url,
      startDate: '2030-01-05T14:00:00.000Z',
      endDate: '2030-01-05T15:30:00.000Z',
      isActive: true,
    });
    const stored = await harness.db.selectFrom('meeting_links').selectAll().where('id', '=', link._id).executeTakeFirstOrThrow();
    expect(stored.created_by).not.toBeNull();

    const listed = (await asAdmin('GET', '/api/admin/meeting-links')).json() as Array<{ _id: string }>;
    expect(listed.map((row) => row._id)).toContain(link._id);

    const off = await asAdmin('PUT', '/api/admin/update/meeting-link', { id: link._id });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ _id: link._id, isActive: false });
    expect((await asAdmin('PUT', '/api/admin/update/meeting-link', { id: link._id })).json()).toMatchObject({ isActive: true });

    const removed = await asAdmin('DELETE', `/api/admin/meeting-link/${link._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ status: 'deleted' });
    expect(await harness.db.selectFrom('meeting_links').select('id').where('id', '=', link._id).executeTakeFirst()).toBeUndefined();
    expect((await asAdmin('DELETE', `/api/admin/meeting-link/${link._id}`)).statusCode).toBe(404);
  });

  it('lists the latest meeting first', async () => {
    const early = (await asAdmin('POST', '/api/admin/meeting-links', linkBody({ startDate: inHours(10), endDate: inHours(11) }))).json();
    const late = (await asAdmin('POST', '/api/admin/meeting-links', linkBody({ startDate: inHours(50), endDate: inHours(51) }))).json();
    const ids = ((await asAdmin('GET', '/api/admin/meeting-links')).json() as Array<{ _id: string }>).map((row) => row._id);
    expect(ids.indexOf(late._id)).toBeLessThan(ids.indexOf(early._id));
  });

  it('refuses what a student app could not open, naming the field, and stores nothing', async () => {
    const cases: Refusal[] = [
      [linkBody({ title: undefined }), MEETING_LINK_MESSAGES.titleRequired, 'title'],
      [linkBody({ title: '   ' }), MEETING_LINK_MESSAGES.titleRequired, 'title'],
      [linkBody({ title: 42 }), MEETING_LINK_MESSAGES.titleRequired, 'title'],
      [linkBody({ title: 'x'.repeat(201) }), MEETING_LINK_MESSAGES.titleTooLong, 'title'],
      [linkBody({ url: undefined }), MEETING_LINK_MESSAGES.urlRequired, 'url'],
      [linkBody({ url: '  ' }), MEETING_LINK_MESSAGES.urlRequired, 'url'],
      [linkBody({ url: 'meet.google.com/abc-defg-hij' }), MEETING_LINK_MESSAGES.urlNotWeb, 'url'],
      [linkBody({ url: 'ftp://files.example.com/class' }), MEETING_LINK_MESSAGES.urlNotWeb, 'url'],
      [linkBody({ url: 'javascript:alert(1)' }), MEETING_LINK_MESSAGES.urlNotWeb, 'url'],
      [linkBody({ url: 'https://' }), MEETING_LINK_MESSAGES.urlNotWeb, 'url'],
      [linkBody({ url: 'https://meet.example.com/a class' }), MEETING_LINK_MESSAGES.urlNotWeb, 'url'],
      [linkBody({ url: `https://meet.example.com/${'a'.repeat(2048)}` }), MEETING_LINK_MESSAGES.urlTooLong, 'url'],
      [linkBody({ startDate: undefined }), MEETING_LINK_MESSAGES.startRequired, 'startDate'],
      [linkBody({ startDate: '' }), MEETING_LINK_MESSAGES.startRequired, 'startDate'],
      [linkBody({ startDate: 'tomorrow evening' }), MEETING_LINK_MESSAGES.startInvalid, 'startDate'],
      [linkBody({ startDate: '2030-01-05T19:30' }), MEETING_LINK_MESSAGES.startInvalid, 'startDate'],
      [linkBody({ startDate: '2030-02-31T19:30:00Z' }), MEETING_LINK_MESSAGES.startInvalid, 'startDate'],
      [linkBody({ startDate: '3030-01-05T19:30:00Z', endDate: '3030-01-05T20:30:00Z' }), MEETING_LINK_MESSAGES.startInvalid, 'startDate'],
      [linkBody({ startDate: true }), MEETING_LINK_MESSAGES.startInvalid, 'startDate'],
      [linkBody({ endDate: undefined }), MEETING_LINK_MESSAGES.endRequired, 'endDate'],
      [linkBody({ endDate: Number.MAX_VALUE }), MEETING_LINK_MESSAGES.endInvalid, 'endDate'],
      [linkBody({ startDate: inHours(3), endDate: inHours(2) }), MEETING_LINK_MESSAGES.endNotAfterStart, 'endDate'],
      [linkBody({ startDate: inHours(3), endDate: inHours(3) }), MEETING_LINK_MESSAGES.endNotAfterStart, 'endDate'],
      [linkBody({ startDate: inHours(-3), endDate: inHours(-1) }), MEETING_LINK_MESSAGES.endPassed, 'endDate'],
    ];
    const before = await countRows(harness.db, 'meeting_links');
    await expectRefusals((body) => asAdmin('POST', '/api/admin/meeting-links', body), cases);
    expect(await countRows(harness.db, 'meeting_links')).toBe(before);
    // A meeting already under way may still be added: it shows at once.
    expect((await asAdmin('POST', '/api/admin/meeting-links', linkBody({ startDate: inHours(-1), endDate: inHours(1) }))).statusCode).toBe(200);
    // Upper-case schemes are web addresses too.
    expect((await asAdmin('POST', '/api/admin/meeting-links', linkBody({ url: 'HTTPS://Meet.Example.com/X' }))).statusCode).toBe(200);
  });

  it('answers 400 or 404 for ids that are missing, malformed or unknown, never 5xx', async () => {
    const cases: Array<[Method, string, unknown, number]> = [
      ['PUT', '/api/admin/update/meeting-link', {}, 400],
      ['PUT', '/api/admin/update/meeting-link', { id: 'abc' }, 400],
      ['PUT', '/api/admin/update/meeting-link', { id: 12 }, 400],
      ['PUT', '/api/admin/update/meeting-link', { id: MISSING_ID }, 404],
      ['DELETE', '/api/admin/meeting-link/not-an-id', undefined, 400],
      ['DELETE', `/api/admin/meeting-link/${MISSING_ID}`, undefined, 404],
      ['POST', '/api/admin/meeting-links', [], 400],
    ];
    for (const [method, url, body, status] of cases) {
      const response = await asAdmin(method, url, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(status);
      expect(response.json().message, `${method} ${url}`).toEqual(expect.any(String));
    }
    const malformed = await asAdmin('PUT', '/api/admin/update/meeting-link', { id: 'abc' });
    expect(malformed.json()).toMatchObject({ message: MEETING_LINK_MESSAGES.notFound, field: 'id' });
    expect((await asAdmin('PUT', '/api/admin/update/meeting-link', { id: MISSING_ID })).json()).toMatchObject({ message: MEETING_LINK_MESSAGES.notFound });
    const notJson = await asAdmin('POST', '/api/admin/meeting-links', '{"title": ', { 'content-type': 'application/json' });
    expect(notJson.statusCode).toBe(400);
  });

  it('flips once per call when two staff click at the same moment', async () => {
    const link = (await asAdmin('POST', '/api/admin/meeting-links', linkBody())).json();
    const answers = await Promise.all(Array.from({ length: 6 }, () => asAdmin('PUT', '/api/admin/update/meeting-link', { id: link._id })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.json().isActive === false)).toHaveLength(3);
    const stored = await harness.db.selectFrom('meeting_links').select('is_active').where('id', '=', link._id).executeTakeFirstOrThrow();
    expect(stored.is_active).toBe(true);
  });

  it('serves the same operations through tRPC, with the same refusals', async () => {
    const trpc = (path: string, input: unknown) => asAdmin('POST', `/trpc/meetingLinks.${path}`, JSON.stringify(input), { 'content-type': 'application/json' });
    const created = await trpc('create', linkBody({ title: 'Through tRPC' }));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().result.data._id as string;
    expect((await trpc('toggle', { id })).json().result.data.isActive).toBe(false);
    const refused = await trpc('create', linkBody({ url: 'ftp://x.example.com' }));
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(MEETING_LINK_MESSAGES.urlNotWeb);
    expect((await trpc('delete', { id })).statusCode).toBe(200);
    const listed = await asAdmin('GET', '/trpc/meetingLinks.list');
    expect(listed.statusCode).toBe(200);
  });
});

describe('who may reach meeting links', () => {
  it('refuses staff, marketing, managers and students (403) and signed-out callers (401), before anything changes', async () => {
    const link = (await asAdmin('POST', '/api/admin/meeting-links', linkBody())).json();
    const calls: Array<[Method, string, unknown]> = [
      ['GET', '/api/admin/meeting-links', undefined],
      ['POST', '/api/admin/meeting-links', linkBody()],
      ['PUT', '/api/admin/update/meeting-link', { id: link._id }],
      ['DELETE', `/api/admin/meeting-link/${link._id}`, undefined],
    ];
    const before = await countRows(harness.db, 'meeting_links');
    const refused: Array<[string | null, number]> = [
      [await consoleUser(['staff']), 403],
      [await consoleUser(['marketing']), 403],
      [await consoleUser(['manager']), 403],
      [await consoleUser(['staff', 'marketing', 'manager']), 403],
      [await consoleUser([]), 403],
      [null, 401],
    ];
    for (const [cookie, status] of refused) {
      for (const [method, url, body] of calls) {
        const response = await harness.injectWith(cookie)(method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(status);
      }
      const trpc = await harness.app.inject({ method: 'GET', url: '/trpc/meetingLinks.list', headers: cookie ? { cookie } : {} });
      expect(trpc.statusCode).toBe(status);
    }
    expect(await countRows(harness.db, 'meeting_links')).toBe(before);
    const stored = await harness.db.selectFrom('meeting_links').select('is_active').where('id', '=', link._id).executeTakeFirstOrThrow();
    expect(stored.is_active).toBe(true);
    // An administrator holding a restricted role as well still reaches them.
    expect((await harness.injectWith(await consoleUser(['admin', 'staff']))('GET', '/api/admin/meeting-links')).statusCode).toBe(200);
  });

  it('gives administrators the course titles for the choose-a-course modal', async () => {
    const course = await harness.db.insertInto('courses').values({ title: 'Degree Level Prelims' }).returning('id').executeTakeFirstOrThrow();
    const titles = await asAdmin('GET', '/api/admin/course-title');
    expect(titles.statusCode).toBe(200);
    expect(titles.json()).toContainEqual({ _id: course.id, title: 'Degree Level Prelims' });
    expect((await asNobody('GET', '/api/admin/course-title')).statusCode).toBe(401);
  });
});

describe('meeting links in the student apps', () => {
  it('lists only the links switched on whose window holds now, the soonest to end first', async () => {
    // A course every student may open (no rate card): its links show to all of them.
    const openCourse = await harness.db
      .insertInto('courses')
      .values({ title: 'Open to all', is_visible: true, is_published: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const insert = async (title: string, start: number, end: number, active = true) => {
      const link = await harness.db
        .insertInto('meeting_links')
        .values({
          title,
          url: `https://meet.example.com/${encodeURIComponent(title)}`,
          start_date: new Date(Date.now() + start * HOUR),
          end_date: new Date(Date.now() + end * HOUR),
          is_active: active,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await harness.db.insertInto('meeting_link_courses').values({ meeting_link_id: link.id, course_id: openCourse.id }).execute();
      return link;
    };
    await harness.db.deleteFrom('meeting_links').execute();
    const live = await insert('Live now', -1, 2);
    const endingSooner = await insert('Ending sooner', -2, 1);
    await insert('Switched off', -1, 2, false);
    await insert('Not started', 1, 2);
    await insert('Over', -3, -1);

    const student = await createUser(harness.db, { email: 'meeting-student@example.com' });
    const cookie = await harness.signIn(student.email_address!);
    const answer = await harness.injectWith(cookie)('GET', '/api/student/meeting-links');
    expect(answer.statusCode, answer.body).toBe(200);
    const links = answer.json().items as Array<{ _id: string; title: string; url: string; startDate: string; endDate: string }>;
    expect(links.map((link) => link._id)).toEqual([endingSooner.id, live.id]);
    expect(links[0]).toEqual({
      _id: endingSooner.id,
      title: 'Ending sooner',
      url: 'https://meet.example.com/Ending%20sooner',
      startDate: expect.any(String),
      endDate: expect.any(String),
      courses: [{ _id: openCourse.id, title: 'Open to all' }],
    });
    expect(Object.keys(links[0]!)).not.toContain('isActive');

    // Switching one off takes it out of the apps at once.
    await asAdmin('PUT', '/api/admin/update/meeting-link', { id: live.id });
    expect(((await harness.injectWith(cookie)('GET', '/api/student/meeting-links')).json().items as Array<{ _id: string }>).map((link) => link._id)).toEqual([
      endingSooner.id,
    ]);

    expect((await asNobody('GET', '/api/student/meeting-links')).statusCode).toBe(401);
  });
});
