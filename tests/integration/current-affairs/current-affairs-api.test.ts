import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_AFFAIR_MESSAGES, CURRENT_AFFAIR_WARNINGS } from '../../../shared/current-affairs/current-affairs.schema.ts';
import { createFreeRateCard, createPaidRateCard } from '../../support/exam-factory.ts';
import { multipartBody, TINY_PDF, TINY_PNG } from '../../support/multipart.ts';
import { waitUntilWaiting } from '../../support/pg-activity.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';

const harness = useApp({
  roles: ['admin', 'staff', 'manager', 'marketing', 'student'],
  names: { staff: 'The staff', manager: 'The manager', marketing: 'The marketing', student: 'Sneha' },
});
const asNobody = harness.injectAs('nobody');
const asAdmin = harness.injectAs('admin');
const asStudent = harness.injectAs('student');
let otherStudent = '';

beforeAll(async () => {
  await createUser(harness.db, { email: 'other@example.com', name: 'Other' });
  otherStudent = await harness.signIn('other@example.com');
});

async function createPost(title: string, allowSameDate?: boolean): Promise<string> {
  const response = await asAdmin('POST', '/api/admin/current-affairs', { title, ...(allowSameDate === undefined ? {} : { allowSameDate }) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()._id as string;
}

async function upload(accessMode: 'public' | 'private', fileName: string, content: Buffer, contentType: string): Promise<string> {
  const body = multipartBody([{ fileName, content, contentType }]);
  const response = await asAdmin('POST', `/api/assets/${accessMode}`, body.payload, body.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0]._id as string;
}

const coverImage = () => upload('public', 'cover.png', TINY_PNG, 'image/png');
const pdfFile = () => upload('private', 'current-affairs.pdf', TINY_PDF, 'application/pdf');

describe('current affairs: adding a post', () => {
  it('refuses a missing, blank or impossible date naming the field, and starts a post hidden with both warnings', async () => {
    for (const [body, message] of [
      [{}, CURRENT_AFFAIR_MESSAGES.titleRequired],
      [{ title: '  ' }, CURRENT_AFFAIR_MESSAGES.titleRequired],
      [{ title: 'yesterday' }, CURRENT_AFFAIR_MESSAGES.titleNotADate],
      [{ title: '2026-02-30' }, CURRENT_AFFAIR_MESSAGES.titleNotADate],
      [{ title: '26-11-2026' }, CURRENT_AFFAIR_MESSAGES.titleNotADate],
      [{ title: '1999-12-31' }, CURRENT_AFFAIR_MESSAGES.titleOutOfRange],
      [{ title: 20261126 }, CURRENT_AFFAIR_MESSAGES.titleRequired],
    ] as const) {
      const response = await asAdmin('POST', '/api/admin/current-affairs', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ type: 'validation', field: 'title', message });
    }
    const refusedFlag = await asAdmin('POST', '/api/admin/current-affairs', { title: '2026-03-01', allowSameDate: 'yes' });
    expect(refusedFlag.statusCode).toBe(400);
    expect(refusedFlag.json().field).toBe('allowSameDate');

    const id = await createPost(' 2026-03-01 ');
    const post = (await asAdmin('GET', `/api/admin/current-affairs/${id}`)).json();
    expect(post).toMatchObject({
      _id: id,
      title: '2026-03-01',
      titleDisplay: '1 Mar 2026',
      isVisible: false,
      isPublished: false,
      publishWarnings: [CURRENT_AFFAIR_WARNINGS.noPdf, CURRENT_AFFAIR_WARNINGS.noCoverImage],
      masterSubscription: null,
      bannerImageId: null,
      pdfFileId: null,
      fileName: null,
      hasPDFUploaded: 'No',
      version: 1,
    });
  });

  it('adds a second post for a date only when staff confirm it, and lists posts newest date first', async () => {
    const first = await createPost('2026-04-10');
    const refused = await asAdmin('POST', '/api/admin/current-affairs', { title: '2026-04-10' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ type: 'conflict', field: 'title', message: CURRENT_AFFAIR_MESSAGES.sameDate('2026-04-10') });
    expect(refused.json().message).toBe('There is already a post for 10 Apr 2026. Add another post for the same date?');
    const second = await createPost('2026-04-10', true);
    const older = await createPost('2026-04-09');
    const list = (await asAdmin('GET', '/api/admin/current-affairs')).json() as Array<{
      _id: string;
      title: string;
      titleDisplay: string;
      hasPDFUploaded: string;
      thumbnailUrl: string | null;
    }>;
    const ours = list.filter((entry) => [first, second, older].includes(entry._id));
    expect(ours.map((entry) => entry._id)).toEqual([second, first, older]);
    expect(ours[0]).toMatchObject({ title: '2026-04-10', titleDisplay: '10 Apr 2026', hasPDFUploaded: 'No', thumbnailUrl: null });
    const dates = list.map((entry) => entry.title);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('makes a post added while another for the same date is being added wait for it, then ask to confirm', async () => {
    const gate = new pg.Client({ connectionString: harness.database.url });
    await gate.connect();
    try {
      // Someone else is adding a post for the date, in a transaction not committed yet.
      await gate.query('begin');
      await gate.query(`select pg_advisory_xact_lock(hashtextextended('current-affairs:2026-05-05', 0))`);
      await gate.query(`insert into current_affairs (title) values ('2026-05-05')`);
      const adding = asAdmin('POST', '/api/admin/current-affairs', { title: '2026-05-05' });
      await waitUntilWaiting(harness.db, '%pg_advisory_xact_lock%', { waitEvent: 'advisory' });
      await gate.query('commit');
      const answer = await adding;
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().field).toBe('title');
    } finally {
      await gate.end();
    }
    const count = await harness.db
      .selectFrom('current_affairs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('title', '=', '2026-05-05')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe('current affairs: saving a post', () => {
  it('publishes a visible post once it has its PDF and cover art, and tells what is missing until then', async () => {
    const id = await createPost('2026-06-01');
    const [cover, pdf] = [await coverImage(), await pdfFile()];
    const onlyCover = await asAdmin('PUT', `/api/admin/current-affairs/${id}`, {
      version: 1,
      value: { title: '2026-06-01', isVisible: true, bannerImageId: cover },
    });
    expect(onlyCover.statusCode, onlyCover.body).toBe(200);
    expect(onlyCover.json()).toEqual({ isPublished: false, publishWarnings: [CURRENT_AFFAIR_WARNINGS.noPdf], titleDisplay: '1 Jun 2026', version: 2 });

    // The editor sends the whole item back: derived fields are ignored.
    const loaded = (await asAdmin('GET', `/api/admin/current-affairs/${id}`)).json();
    const whole = await asAdmin('PUT', `/api/admin/current-affairs/${id}`, {
      version: loaded.version,
      value: { ...loaded, pdfFileId: pdf, isPublished: false, hasPDFUploaded: 'No' },
    });
    expect(whole.json()).toEqual({ isPublished: true, publishWarnings: [], titleDisplay: '1 Jun 2026', version: 3 });
    const post = (await asAdmin('GET', `/api/admin/current-affairs/${id}`)).json();
    expect(post).toMatchObject({
      isPublished: true,
      hasPDFUploaded: 'Yes',
      fileName: 'current-affairs.pdf',
      fileSizeInBytes: TINY_PDF.length,
      bannerImageFizeSizeInBytes: TINY_PNG.length,
    });
    const entry = (await asAdmin('GET', '/api/admin/current-affairs')).json().find((row: { _id: string }) => row._id === id);
    expect(entry).toMatchObject({ isPublished: true, pdfFileId: pdf, bannerImageId: cover, thumbnailUrl: `/api/assets/${cover}`, hasPDFUploaded: 'Yes' });

    // Hidden again: not published, the warnings (none) kept.
    const hidden = await asAdmin('PUT', `/api/admin/current-affairs/${id}`, { version: 3, value: { ...post, isVisible: false } });
    expect(hidden.json()).toMatchObject({ isPublished: false, publishWarnings: [] });
  });

  it('refuses files of the wrong kind or access, unknown files and rate cards, and impossible dates, naming the field and changing nothing', async () => {
    const id = await createPost('2026-06-02');
    const [publicImage, privatePdf] = [await coverImage(), await pdfFile()];
    const privateImage = await upload('private', 'secret.png', TINY_PNG, 'image/png');
    const publicPdf = await upload('public', 'open.pdf', TINY_PDF, 'application/pdf');
    const base = { title: '2026-06-02', bannerImageId: publicImage, pdfFileId: privatePdf };
    for (const [value, field, message] of [
      [{ bannerImageId: privatePdf }, 'value.bannerImageId', CURRENT_AFFAIR_MESSAGES.coverNotPublicImage],
      [{ bannerImageId: privateImage }, 'value.bannerImageId', CURRENT_AFFAIR_MESSAGES.coverNotPublicImage],
      [{ bannerImageId: UNKNOWN_ID }, 'value.bannerImageId', CURRENT_AFFAIR_MESSAGES.coverNotFound],
      [{ bannerImageId: 'not-an-id' }, 'value.bannerImageId', CURRENT_AFFAIR_MESSAGES.coverNotFound],
      [{ pdfFileId: publicPdf }, 'value.pdfFileId', CURRENT_AFFAIR_MESSAGES.pdfNotPrivatePdf],
      [{ pdfFileId: publicImage }, 'value.pdfFileId', CURRENT_AFFAIR_MESSAGES.pdfNotPrivatePdf],
      [{ pdfFileId: UNKNOWN_ID }, 'value.pdfFileId', CURRENT_AFFAIR_MESSAGES.pdfNotFound],
      [{ masterSubscription: UNKNOWN_ID }, 'value.masterSubscription', CURRENT_AFFAIR_MESSAGES.rateCardNotFound],
      [{ title: '' }, 'value.title', CURRENT_AFFAIR_MESSAGES.titleRequired],
      [{ title: '2026-13-01' }, 'value.title', CURRENT_AFFAIR_MESSAGES.titleNotADate],
      [{ title: '2100-01-01' }, 'value.title', CURRENT_AFFAIR_MESSAGES.titleOutOfRange],
      [{ isVisible: 'true' }, 'value.isVisible', undefined],
    ] as const) {
      const response = await asAdmin('PUT', `/api/admin/current-affairs/${id}`, { value: { ...base, ...value } });
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expect(response.json().field).toBe(field);
      if (message) expect(response.json().message).toBe(message);
    }
    expect((await asAdmin('PUT', `/api/admin/current-affairs/${id}`, {})).json().field).toBe('value');
    expect((await asAdmin('PUT', `/api/admin/current-affairs/${id}`, { value: base, version: 0 })).json().field).toBe('version');
    expect((await asAdmin('GET', `/api/admin/current-affairs/${id}`)).json()).toMatchObject({ version: 1, bannerImageId: null, pdfFileId: null });
  });

  it('refuses a save from an older copy with who saved since, and a move to a date that has a post unless confirmed', async () => {
    const id = await createPost('2026-07-01');
    await createPost('2026-07-02');
    const card = await createPaidRateCard(harness.db, 'Current affairs pack');
    expect(
      (await harness.injectAs('manager')('PUT', `/api/admin/current-affairs/${id}`, { version: 1, value: { title: '2026-07-01', masterSubscription: card } }))
        .statusCode,
    ).toBe(200);
    const stale = await asAdmin('PUT', `/api/admin/current-affairs/${id}`, { version: 1, value: { title: '2026-07-01' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ type: 'conflict', stale: { version: 2, updatedBy: 'The manager' } });
    expect(stale.json().message).toMatch(/^The manager saved this post at .+ IST, after you opened it\./);

    const moved = await asAdmin('PUT', `/api/admin/current-affairs/${id}`, { version: 2, value: { title: '2026-07-02', masterSubscription: card } });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ type: 'conflict', field: 'value.title', message: CURRENT_AFFAIR_MESSAGES.sameDate('2026-07-02') });
    const confirmed = await asAdmin('PUT', `/api/admin/current-affairs/${id}`, {
      version: 2,
      allowSameDate: true,
      value: { title: '2026-07-02', masterSubscription: card },
    });
    expect(confirmed.json()).toMatchObject({ titleDisplay: '2 Jul 2026', version: 3 });
    // Saving it again on its own date needs no confirmation.
    expect(
      (await asAdmin('PUT', `/api/admin/current-affairs/${id}`, { version: 3, value: { title: '2026-07-02', masterSubscription: card } })).statusCode,
    ).toBe(200);
    expect((await asAdmin('GET', `/api/admin/current-affairs/${id}`)).json().masterSubscription).toMatchObject({ _id: card, title: 'Current affairs pack' });
  });
});

describe('current affairs: not found, deleting, and files in use', () => {
  it('answers 404 for an unknown or malformed id on every route, and 400 for an id too long', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-post']) {
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', { value: { title: '2026-01-01' } }],
        ['DELETE', undefined],
      ] as const) {
        const response = await asAdmin(method, `/api/admin/current-affairs/${id}`, payload);
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toMatchObject({ type: 'not-found', message: CURRENT_AFFAIR_MESSAGES.notFound });
      }
    }
    const long = await asAdmin('GET', `/api/admin/current-affairs/${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('params.id');
  });

  it('deletes a post; its files can then be deleted, but not while a post uses them', async () => {
    const id = await createPost('2026-08-15');
    const [cover, pdf] = [await coverImage(), await pdfFile()];
    await asAdmin('PUT', `/api/admin/current-affairs/${id}`, { value: { title: '2026-08-15', bannerImageId: cover, pdfFileId: pdf } });
    const inUse = await asAdmin('DELETE', `/api/assets/${pdf}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ type: 'has-warnings', warnings: ['It is the PDF of the current-affairs post of 15 Aug 2026'] });
    expect((await asAdmin('DELETE', `/api/assets/${cover}`)).json().warnings).toEqual(['It is the cover art of the current-affairs post of 15 Aug 2026']);

    expect((await asAdmin('DELETE', `/api/admin/current-affairs/${id}`)).json()).toEqual({ status: 'deleted' });
    expect((await asAdmin('GET', `/api/admin/current-affairs/${id}`)).statusCode).toBe(404);
    expect((await asAdmin('DELETE', `/api/admin/current-affairs/${id}`)).statusCode).toBe(404);
    expect((await asAdmin('DELETE', `/api/assets/${pdf}`)).statusCode).toBe(200);
  });
});

describe('current affairs: who may call it', () => {
  it('refuses marketing on every route and through tRPC, lets staff and managers in, refuses students and signed-out callers', async () => {
    const id = await createPost('2026-09-01');
    const routes = [
      ['GET', '/api/admin/current-affairs', undefined],
      ['POST', '/api/admin/current-affairs', { title: '2026-09-02' }],
      ['GET', `/api/admin/current-affairs/${id}`, undefined],
      ['PUT', `/api/admin/current-affairs/${id}`, { value: { title: '2026-09-01' } }],
      ['DELETE', `/api/admin/current-affairs/${id}`, undefined],
    ] as const;
    for (const [method, url, payload] of routes) {
      expect((await harness.injectAs('marketing')(method, url, payload)).statusCode, `marketing ${method} ${url}`).toBe(403);
      expect((await asStudent(method, url, payload)).statusCode, `student ${method} ${url}`).toBe(403);
      expect((await asNobody(method, url, payload)).statusCode, `signed out ${method} ${url}`).toBe(401);
    }
    const viaTrpc = await harness.injectAs('marketing')('GET', '/trpc/currentAffairs.list');
    expect(viaTrpc.statusCode).toBe(403);
    for (const role of ['staff', 'manager'] as const) {
      expect((await harness.injectAs(role)('GET', `/api/admin/current-affairs/${id}`)).statusCode, role).toBe(200);
    }
    expect((await asAdmin('GET', `/api/admin/current-affairs/${id}`)).json().title).toBe('2026-09-01');
    const viaTrpcStaff = await harness.injectAs('staff')('GET', `/trpc/currentAffairs.get?input=${encodeURIComponent(JSON.stringify({ id }))}`);
    expect(viaTrpcStaff.statusCode, viaTrpcStaff.body).toBe(200);
    expect(viaTrpcStaff.json().result.data.titleDisplay).toBe('1 Sep 2026');
  });
});

describe('current affairs for students', () => {
  async function publishedPost(title: string, masterSubscription: string | null): Promise<{ id: string; pdf: string; cover: string }> {
    const id = await createPost(title, true);
    const [cover, pdf] = [await coverImage(), await pdfFile()];
    const saved = await asAdmin('PUT', `/api/admin/current-affairs/${id}`, {
      value: { title, isVisible: true, masterSubscription, bannerImageId: cover, pdfFileId: pdf },
    });
    expect(saved.json().isPublished).toBe(true);
    return { id, pdf, cover };
  }

  type Page = {
    items: Array<{
      _id: string;
      title: string;
      titleDisplay: string;
      entitled: boolean;
      pdfUrl: string | null;
      coverImageUrl: string | null;
      fileName: string | null;
    }>;
    total: number;
    page: number;
    pageSize: number;
  };

  it('lists only published posts, newest date first, a page at a time, with bounded paging', async () => {
    await harness.db.deleteFrom('current_affairs').execute();
    const posts = [await publishedPost('2025-01-03', null), await publishedPost('2025-01-01', null), await publishedPost('2025-01-02', null)];
    await createPost('2025-01-04'); // not published: no files, hidden
    const first = await asStudent('GET', '/api/student/current-affairs?pageSize=2');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json() as Page;
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.items.map((post) => post.title)).toEqual(['2025-01-03', '2025-01-02']);
    expect(page1.items[0]).toMatchObject({
      _id: posts[0]!.id,
      titleDisplay: '3 Jan 2025',
      coverImageUrl: `/api/assets/${posts[0]!.cover}`,
      fileName: 'current-affairs.pdf',
    });
    const page2 = (await asStudent('GET', '/api/student/current-affairs?pageSize=2&page=2')).json() as Page;
    expect(page2.items.map((post) => post.title)).toEqual(['2025-01-01']);
    expect(((await asStudent('GET', '/api/student/current-affairs?page=9')).json() as Page).items).toEqual([]);

    for (const [query, field] of [
      ['pageSize=101', 'query.pageSize'],
      ['pageSize=0', 'query.pageSize'],
      ['page=0', 'query.page'],
      ['page=x', 'query.page'],
    ] as const) {
      const refused = await asStudent('GET', `/api/student/current-affairs?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().field).toBe(field);
    }
    expect((await asNobody('GET', '/api/student/current-affairs')).statusCode).toBe(401);
  });

  it('gives the PDF as an address signed for the student when the post is free or they hold its rate card, and not otherwise', async () => {
    await harness.db.deleteFrom('current_affairs').execute();
    const paidCard = await createPaidRateCard(harness.db, 'CA monthly');
    const freeCard = await createFreeRateCard(harness.db, 'CA free');
    const free = await publishedPost('2025-02-03', null);
    const freeByCard = await publishedPost('2025-02-02', freeCard);
    const paid = await publishedPost('2025-02-01', paidCard);

    const listed = async () => ((await asStudent('GET', '/api/student/current-affairs')).json() as Page).items;
    let posts = await listed();
    expect(posts.map((post) => [post._id, post.entitled])).toEqual([
      [free.id, true],
      [freeByCard.id, true],
      [paid.id, false],
    ]);
    expect(posts[2]!.pdfUrl).toBeNull();
    const signed = posts[0]!.pdfUrl!;
    expect(signed).toMatch(
      new RegExp(
        `^/api/assets/${free.pdf}\\?expires=\\d+&signature=[^&]+&scope=pdf&student=${harness.userId('student')}&grant=current-affair\\.${free.id}\\.\\d+$`,
      ),
    );

    // The address opens the PDF with this student's session only.
    const opened = await asStudent('GET', signed);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toContain('application/pdf');
    expect(opened.rawPayload.equals(TINY_PDF)).toBe(true);
    expect((await harness.injectWith(otherStudent)('GET', signed)).statusCode).toBe(403);
    expect((await asStudent('GET', `/api/assets/${paid.pdf}`)).statusCode).toBe(403);

    // Bought: the paid post opens too.
    await harness.db
      .insertInto('entitlements')
      .values({ user_id: harness.userId('student'), subscription_id: paidCard })
      .execute();
    posts = await listed();
    expect(posts[2]).toMatchObject({ entitled: true, pdfUrl: expect.stringContaining(`/api/assets/${paid.pdf}?`) });
    expect((await asStudent('GET', posts[2]!.pdfUrl!)).statusCode).toBe(200);

    // The rate card taken back: the address handed out stops with it.
    await harness.db.updateTable('entitlements').set({ revoked_at: new Date() }).where('user_id', '=', harness.userId('student')).execute();
    const revoked = await asStudent('GET', posts[2]!.pdfUrl!);
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().message).toBe('This file has been withdrawn');
  });

  it('answers the page Cache-Control: private, no-store, since it carries signed addresses', async () => {
    const answer = await asStudent('GET', '/api/student/current-affairs');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });

  it('stops a PDF address handed out once the post is unpublished, given another PDF or deleted; a republished post hands out new ones', async () => {
    await harness.db.deleteFrom('current_affairs').execute();
    const post = await publishedPost('2025-03-01', null);
    const pdfUrlNow = async () => ((await asStudent('GET', '/api/student/current-affairs')).json() as Page).items[0]?.pdfUrl ?? null;
    const open = (url: string) => asStudent('GET', url);
    const saved = async (value: Record<string, unknown>) => {
      const answer = await asAdmin('PUT', `/api/admin/current-affairs/${post.id}`, {
        value: { title: '2025-03-01', masterSubscription: null, bannerImageId: post.cover, pdfFileId: post.pdf, isVisible: true, ...value },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as { isPublished: boolean };
    };

    const first = (await pdfUrlNow())!;
    expect((await open(first)).statusCode).toBe(200);
    expect(
      (await open(first.replace(/grant=current-affair\.([0-9a-f-]+)\.(\d+)/, (_, id: string, n: string) => `grant=current-affair.${id}.${Number(n) + 1}`)))
        .statusCode,
    ).toBe(403);

    // Unpublished: refused at once, though not expired.
    expect((await saved({ isVisible: false })).isPublished).toBe(false);
    const withdrawn = await open(first);
    expect(withdrawn.statusCode).toBe(403);
    expect(withdrawn.json().message).toBe('This file has been withdrawn');
    // Staff still open the file with their session.
    expect((await asAdmin('GET', `/api/assets/${post.pdf}`)).statusCode).toBe(200);

    // Republished: a new address works, the old one stays refused.
    expect((await saved({})).isPublished).toBe(true);
    const second = (await pdfUrlNow())!;
    expect(second).not.toBe(first);
    expect((await open(second)).statusCode).toBe(200);
    expect((await open(first)).statusCode).toBe(403);

    // Saving it again unchanged keeps the addresses working.
    await saved({});
    expect((await open(second)).statusCode).toBe(200);

    // Another PDF: the address of the old one stops, even if the old one comes back.
    const otherPdf = await pdfFile();
    await saved({ pdfFileId: otherPdf });
    expect((await open(second)).statusCode).toBe(403);
    await saved({ pdfFileId: post.pdf });
    expect((await open(second)).statusCode).toBe(403);

    // Deleted: refused.
    const third = (await pdfUrlNow())!;
    expect((await open(third)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/admin/current-affairs/${post.id}`)).statusCode).toBe(200);
    expect((await open(third)).statusCode).toBe(403);
  });
});
