import { beforeAll, describe, expect, it } from 'vitest';
import { alertViewPath } from '../../../shared/alerts/alerts.schema.ts';
import { UPI_ID_MESSAGE } from '../../../shared/winners/upi.rules.ts';
import { WINNER_DRAFT_DEFAULTS, WINNER_MESSAGES, WINNER_WARNINGS } from '../../../shared/winners/winners.schema.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { createImageAsset } from '../../support/factories/asset.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';

const harness = useApp({ names: { admin: 'Asha' } });
const asNobody = harness.injectAs('nobody');
const asAdmin = harness.injectAs('admin');
let student: { id: string; cookie: string };
let other: { id: string; cookie: string };

beforeAll(async () => {
  const winner = await createUser(harness.db, { email: 'winner@example.com', name: 'Devika Menon', phone: '9847012345' });
  student = { id: winner.id, cookie: await harness.signIn('winner@example.com') };
  const someoneElse = await createUser(harness.db, { email: 'other@example.com', name: 'Rahul' });
  other = { id: someoneElse.id, cookie: await harness.signIn('other@example.com') };
});

function photo(): Promise<string> {
  return createImageAsset(harness.db, { file_name: 'winner.jpg', size_in_bytes: 2048, storage_key: 'assets/x/original/w', state: 'ready' });
}

/** A draft from a student, as All users makes it. */
async function draft(userId = student.id): Promise<string> {
  const response = await asAdmin('POST', '/api/admin/winners', {
    user: userId,
    winnerName: 'Devika Menon',
    ...WINNER_DRAFT_DEFAULTS,
    examTitle: 'Daily quiz 12',
    rank: 1,
    totalParticipants: 340,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()._id as string;
}

const fullValue = async (overrides: Record<string, unknown> = {}) => ({
  winnerName: 'Devika Menon',
  isPublic: true,
  isVisible: true,
  claimMessage: WINNER_DRAFT_DEFAULTS.claimMessage,
  titleMessage: WINNER_DRAFT_DEFAULTS.titleMessage,
  examTitle: 'Daily quiz 12',
  prizeAmount: 1500.5,
  rank: 1,
  totalParticipants: 340,
  bannerImageId: await photo(),
  ...overrides,
});

async function published(userId = student.id): Promise<string> {
  const id = await draft(userId);
  const saved = await asAdmin('PUT', `/api/admin/winners/${id}`, { value: await fullValue() });
  expect(saved.json()).toMatchObject({ isPublished: true, publishWarnings: [] });
  return id;
}

describe('winner announcements (staff)', () => {
  it('drafts from a student with the day’s messages, hidden and with warnings, and shows the student read-only', async () => {
    const id = await draft();
    const got = (await asAdmin('GET', `/api/admin/winners/${id}`)).json();
    expect(got).toMatchObject({
      winnerName: 'Devika Menon',
      claimMessage: "You are today's winner",
      titleMessage: "Today's Winner",
      isVisible: false,
      isPublished: false,
      isActive: false,
      user: { _id: student.id, name: 'Devika Menon', phoneNumber: '9847012345' },
      publishWarnings: [WINNER_WARNINGS.noPhoto],
      version: 1,
    });
    const listed = (await asAdmin('GET', '/api/admin/winners')).json();
    expect(listed.items.map((winner: { _id: string }) => winner._id)).toContain(id);
    expect(listed.activeId).toBeNull();
  });

  it('creates a blank one from New Item ("Please provide a title" when empty) and refuses an unknown student', async () => {
    expect((await asAdmin('POST', '/api/admin/winners', { winnerName: '  ' })).json()).toMatchObject({
      message: WINNER_MESSAGES.titleRequired,
      field: 'winnerName',
    });
    expect((await asAdmin('POST', '/api/admin/winners', { winnerName: 'X', user: 'not-an-id' })).json()).toMatchObject({ field: 'user' });
    expect((await asAdmin('POST', '/api/admin/winners', { winnerName: 'X', user: UNKNOWN_ID })).json()).toMatchObject({
      message: WINNER_MESSAGES.studentNotFound,
      field: 'user',
    });
    const blank = await asAdmin('POST', '/api/admin/winners', { winnerName: 'Tomorrow' });
    expect(blank.statusCode).toBe(200);
    const got = (await asAdmin('GET', `/api/admin/winners/${blank.json()._id}`)).json();
    expect(got.user).toBeNull();
    expect(got.publishWarnings).toEqual([WINNER_WARNINGS.noStudent, WINNER_WARNINGS.noTitleMessage, WINNER_WARNINGS.noPhoto]);
  });

  it('saves the whole announcement, decides the publish state, and refuses bad numbers, a bad UPI id and a stale copy', async () => {
    const id = await draft();
    const saved = await asAdmin('PUT', `/api/admin/winners/${id}`, {
      value: await fullValue({ googlePayOrUPI: 'devika.m@okaxis', beneficiaryName: 'Devika Menon' }),
      version: 1,
    });
    expect(saved.json()).toMatchObject({ isPublished: true, publishWarnings: [], isActionRequiredFromUser: true, version: 2 });
    const hidden = await asAdmin('PUT', `/api/admin/winners/${id}`, { value: await fullValue({ isVisible: false, titleMessage: '' }) });
    expect(hidden.json()).toMatchObject({ isPublished: false, publishWarnings: [WINNER_WARNINGS.noTitleMessage], isActionRequiredFromUser: false });
    const bad = async (value: Record<string, unknown>) => (await asAdmin('PUT', `/api/admin/winners/${id}`, { value: await fullValue(value) })).json();
    expect(await bad({ googlePayOrUPI: 'not a upi' })).toMatchObject({ message: UPI_ID_MESSAGE, field: 'value.googlePayOrUPI' });
    expect(await bad({ prizeAmount: -1 })).toMatchObject({ field: 'value.prizeAmount' });
    expect(await bad({ prizeAmount: 10.555 })).toMatchObject({ field: 'value.prizeAmount' });
    expect(await bad({ prizeAmount: 1e12 })).toMatchObject({ field: 'value.prizeAmount' });
    expect(await bad({ rank: 2 ** 31 })).toMatchObject({ field: 'value.rank' });
    expect(await bad({ totalParticipants: 1.5 })).toMatchObject({ field: 'value.totalParticipants' });
    expect(await bad({ bannerImageId: UNKNOWN_ID })).toMatchObject({ message: 'The photo was not found', field: 'value.bannerImageId' });
    const privateImage = await photo();
    await harness.db.updateTable('assets').set({ access_mode: 'private' }).where('id', '=', privateImage).execute();
    expect(await bad({ bannerImageId: privateImage })).toMatchObject({
      message: 'The photo must be an image uploaded for public access',
      field: 'value.bannerImageId',
    });
    expect(await bad({ claimMessage: 'x'.repeat(501) })).toMatchObject({ field: 'value.claimMessage' });
    const stale = await asAdmin('PUT', `/api/admin/winners/${id}`, { value: await fullValue(), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().stale).toMatchObject({ version: 3, updatedBy: 'Asha' });
    expect((await asAdmin('PUT', `/api/admin/winners/${UNKNOWN_ID}`, { value: await fullValue() })).statusCode).toBe(404);
    expect((await asAdmin('GET', '/api/admin/winners/nope')).statusCode).toBe(400);
    expect((await asAdmin('GET', `/api/admin/winners/${UNKNOWN_ID}`)).json().message).toBe(WINNER_MESSAGES.notFound);
  });

  it('activates only a published one, keeps exactly one active when two staff activate at once, and refuses to delete the active one', async () => {
    const unpublished = await draft();
    const refused = await asAdmin('PUT', `/api/admin/winners/activate/${unpublished}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(WINNER_MESSAGES.activateUnpublished);
    const [first, second] = [await published(), await published()];
    const answers = await Promise.all([asAdmin('PUT', `/api/admin/winners/activate/${first}`), asAdmin('PUT', `/api/admin/winners/activate/${second}`)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const rows = await harness.db.selectFrom('active_winner_announcement').selectAll().execute();
    expect(rows).toHaveLength(1);
    const listed = (await asAdmin('GET', '/api/admin/winners')).json();
    expect(listed.items.filter((winner: { isActive: boolean }) => winner.isActive)).toHaveLength(1);
    expect([first, second]).toContain(listed.activeId);
    const deleting = await asAdmin('DELETE', `/api/admin/winners/${listed.activeId}`);
    expect(deleting.statusCode).toBe(409);
    expect(deleting.json()).toMatchObject({ type: 'has-warnings', warnings: [WINNER_MESSAGES.deleteActive] });
    expect((await asAdmin('PUT', '/api/admin/winners/deactivate')).json()).toEqual({ activeId: null });
    expect((await asAdmin('GET', '/api/admin/winners')).json().activeId).toBeNull();
    expect((await asAdmin('DELETE', `/api/admin/winners/${listed.activeId}`)).json()).toEqual({ status: 'deleted' });
    expect((await asAdmin('GET', `/api/admin/winners/${listed.activeId}`)).statusCode).toBe(404);
    expect((await asAdmin('DELETE', `/api/admin/winners/${listed.activeId}`)).statusCode).toBe(404);
  });

  it('keeps a photo an announcement uses: deleting the file is refused naming the announcement', async () => {
    const id = await draft();
    const photoId = await photo();
    const value = await fullValue({ bannerImageId: photoId, winnerName: 'Photo keeper' });
    expect((await asAdmin('PUT', `/api/admin/winners/${id}`, { value })).statusCode).toBe(200);
    const refused = await asAdmin('DELETE', `/api/assets/${photoId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().warnings).toContain('It is the photo of the winner announcement “Photo keeper”');
    expect(await harness.db.selectFrom('assets').select('id').where('id', '=', photoId).executeTakeFirst()).toBeDefined();
  });

  it('is for administrators only: staff, marketing and managers are refused, and signed-out callers too', async () => {
    for (const role of ['staff', 'marketing', 'manager']) {
      await createUser(harness.db, { email: `winners-${role}@example.com`, roles: [role] });
      const cookie = await harness.signIn(`winners-${role}@example.com`);
      expect((await harness.injectWith(cookie)('GET', '/api/admin/winners')).statusCode).toBe(403);
      expect((await harness.injectWith(cookie)('POST', '/api/admin/winners', { winnerName: 'X' })).statusCode).toBe(403);
      expect((await harness.injectWith(cookie)('PUT', '/api/admin/winners/deactivate')).statusCode).toBe(403);
    }
    expect((await asNobody('GET', '/api/admin/winners')).statusCode).toBe(401);
    expect((await harness.injectWith(student.cookie)('GET', '/api/admin/winners')).statusCode).toBe(403);
  });
});

describe('the winner’s side (student REST)', () => {
  it('shows every student the active public announcement, and nothing when it is not public', async () => {
    await asAdmin('PUT', '/api/admin/winners/deactivate');
    expect((await harness.injectWith(other.cookie)('GET', '/api/student/winners/active')).json()).toEqual({ winner: null });
    const id = await published();
    await asAdmin('PUT', `/api/admin/winners/activate/${id}`);
    const seenAnswer = await harness.injectWith(other.cookie)('GET', '/api/student/winners/active');
    // The active winner is for every student alike, but the answer says whether this one confirmed: private.
    expect(seenAnswer.headers['cache-control']).toBe('private, no-cache');
    const seen = seenAnswer.json();
    expect(seen.winner).toMatchObject({
      _id: id,
      winnerName: 'Devika Menon',
      titleMessage: "Today's Winner",
      prizePaise: 150050,
      rank: 1,
      totalParticipants: 340,
    });
    expect(seen.winner.googlePayOrUPI).toBeUndefined();
    await asAdmin('PUT', `/api/admin/winners/${id}`, { value: await fullValue({ isPublic: false }) });
    expect((await harness.injectWith(other.cookie)('GET', '/api/student/winners/active')).json()).toEqual({ winner: null });
    expect((await asNobody('GET', '/api/student/winners/active')).statusCode).toBe(401);
  });

  it('gives the winner their own announcement with what it asks, confirms it with a valid UPI id and alerts staff once; others get 404', async () => {
    const id = await published();
    const mine = (await harness.injectWith(student.cookie)('GET', '/api/student/winners/mine')).json();
    expect(mine.items.find((winner: { _id: string }) => winner._id === id)).toMatchObject({
      isActionRequiredFromUser: true,
      hasUserConfirmed: false,
      claimMessage: "You are today's winner",
    });
    expect((await harness.injectWith(other.cookie)('GET', `/api/student/winners/${id}`)).statusCode).toBe(404);
    expect(
      (await harness.injectWith(other.cookie)('POST', `/api/student/winners/${id}/confirm`, { beneficiaryName: 'Rahul', googlePayOrUPI: 'rahul@ybl' }))
        .statusCode,
    ).toBe(404);
    expect((await harness.injectWith(other.cookie)('GET', '/api/student/winners/mine')).json().items).toEqual([]);

    const confirm = (body: Record<string, unknown>) => harness.injectWith(student.cookie)('POST', `/api/student/winners/${id}/confirm`, body);
    expect((await confirm({ beneficiaryName: 'Devika', googlePayOrUPI: 'devika at okaxis' })).json()).toMatchObject({
      message: UPI_ID_MESSAGE,
      field: 'googlePayOrUPI',
    });
    expect((await confirm({ beneficiaryName: ' ', googlePayOrUPI: 'devika@okaxis' })).json()).toMatchObject({
      message: WINNER_MESSAGES.beneficiaryNameRequired,
      field: 'beneficiaryName',
    });
    expect((await confirm({ beneficiaryName: 'Devika' })).json()).toMatchObject({ message: WINNER_MESSAGES.upiRequired, field: 'googlePayOrUPI' });
    const alertsBefore = await harness.db.selectFrom('admin_alerts').selectAll().where('resource_id', '=', id).execute();
    expect(alertsBefore).toEqual([]);

    const confirmed = await confirm({ beneficiaryName: 'Devika Menon', googlePayOrUPI: 'devika.m@okaxis' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      hasUserConfirmed: true,
      isActionRequiredFromUser: false,
      beneficiaryName: 'Devika Menon',
      googlePayOrUPI: 'devika.m@okaxis',
    });
    await confirm({ beneficiaryName: 'Devika Menon', googlePayOrUPI: 'devika.m@okaxis' });
    const alerts = await harness.db.selectFrom('admin_alerts').selectAll().where('resource_id', '=', id).execute();
    expect(alerts).toHaveLength(1);
    // Every console role reads alerts, so the UPI id is not in one: only administrators open the announcement.
    expect(alerts[0]!.message).toBe("Devika Menon confirmed the winner announcement “Today's Winner” and gave the payout details");
    expect(alerts[0]!.message).not.toContain('devika.m@okaxis');
    expect(alertViewPath({ resourceType: alerts[0]!.resource_type!, resourceId: id })).toBe(`/admin/winners/editor/${id}`);
    const staffView = (await asAdmin('GET', `/api/admin/winners/${id}`)).json();
    expect(staffView).toMatchObject({ hasUserConfirmed: true, googlePayOrUPI: 'devika.m@okaxis', beneficiaryName: 'Devika Menon' });
    expect(staffView.userConfirmedAt).not.toBeNull();
  });

  it("makes the winner's confirmation a new version: an editor opened before it gets 409 naming the student, and the details stay", async () => {
    const id = await published();
    const loaded = (await asAdmin('GET', `/api/admin/winners/${id}`)).json();
    const confirmed = await harness.injectWith(student.cookie)('POST', `/api/student/winners/${id}/confirm`, {
      beneficiaryName: 'Devika Menon',
      googlePayOrUPI: 'devika.m@okaxis',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const staleSave = await asAdmin('PUT', `/api/admin/winners/${id}`, { value: await fullValue({ examTitle: 'Daily quiz 13' }), version: loaded.version });
    expect(staleSave.statusCode, staleSave.body).toBe(409);
    expect(staleSave.json().message).toContain('Devika Menon');
    expect(staleSave.json().stale).toMatchObject({ version: loaded.version + 1, updatedBy: 'Devika Menon' });
    expect((await asAdmin('GET', `/api/admin/winners/${id}`)).json()).toMatchObject({
      hasUserConfirmed: true,
      beneficiaryName: 'Devika Menon',
      googlePayOrUPI: 'devika.m@okaxis',
      examTitle: 'Daily quiz 12',
    });
  });

  it('hides an announcement that is not published from its winner', async () => {
    const id = await draft();
    expect((await harness.injectWith(student.cookie)('GET', `/api/student/winners/${id}`)).statusCode).toBe(404);
    expect((await harness.injectWith(student.cookie)('GET', '/api/student/winners/not-an-id')).statusCode).toBe(404);
  });
});
