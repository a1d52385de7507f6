import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '../../../shared/students/profile.schema.ts';
import type { TestDatabase } from '../../support/test-database.ts';
import { startAdminApp, stopAdminApp } from '../../support/admin-app.ts';
import { createUser, signIn } from '../../support/test-app.ts';

let database: TestDatabase;
let app: FastifyInstance;
let admin: string;
let counter = 0;

beforeAll(async () => ({ database, app, admin } = await startAdminApp()));
afterAll(() => stopAdminApp({ database, app }));

const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function student(name = 'Profile Student') {
  counter += 1;
  const user = await createUser(database.db, { email: `profile${counter}@example.com`, name });
  return { id: user.id, cookie: await signIn(app, `profile${counter}@example.com`) };
}

async function latestCode(phone: string): Promise<string> {
  const message = await database.db.selectFrom('outbound_messages').select('body').where('recipient', '=', `+91${phone}`).where('purpose', '=', 'phone-verification').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(message.body ?? "")![1]!;
}

/** Lets the next code be asked for at once (the 30-second resend interval has passed). */
const ageCodes = (userId: string) => database.db.updateTable('phone_verifications').set({ created_at: new Date(Date.now() - 60_000) }).where('user_id', '=', userId).execute();

describe('the student profile', () => {
  it('changes the name and nickname, and stores a phone number only after its code', async () => {
    const me = await student();
    expect((await call(me.cookie, 'PUT', '/api/student/profile', { name: 'Arun K', gameNickname: 'arun_99' })).json()).toMatchObject({ name: 'Arun K', gameNickname: 'arun_99', phoneNumber: null, phoneVerified: false });
    expect((await call(me.cookie, 'PUT', '/api/student/profile', { gameNickname: 'bad<script>' })).json()).toMatchObject({ message: PROFILE_MESSAGES.nicknameFormat, field: 'gameNickname' });

    const sent = await call(me.cookie, 'POST', '/api/student/profile/phone', { phoneNumber: '+91 98470 55501' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sentTo: '******5501', expiresInMinutes: 10 });
    expect((await call(me.cookie, 'GET', '/api/student/profile')).json().phoneNumber).toBeNull();
    const again = await call(me.cookie, 'POST', '/api/student/profile/phone', { phoneNumber: '9847055501' });
    expect(again.statusCode).toBe(429);

    const code = await latestCode('9847055501');
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await call(me.cookie, 'POST', '/api/student/profile/phone/verify', { phoneNumber: '9847055501', code: wrong });
    expect(refused.json()).toMatchObject({ message: `${PROFILE_MESSAGES.codeWrong}. 4 attempts left.`, field: 'code' });
    const verified = await call(me.cookie, 'POST', '/api/student/profile/phone/verify', { phoneNumber: '98470 55501', code });
    expect(verified.json()).toMatchObject({ phoneNumber: '9847055501', phoneVerified: true });
    expect((await call(me.cookie, 'POST', '/api/student/profile/phone/verify', { phoneNumber: '9847055501', code })).json().message).toBe(PROFILE_MESSAGES.noCode);
  });

  it('burns a code after five wrong tries and refuses a bad number or code format', async () => {
    const me = await student();
    await call(me.cookie, 'POST', '/api/student/profile/phone', { phoneNumber: '9847055502' });
    const code = await latestCode('9847055502');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) await call(me.cookie, 'POST', '/api/student/profile/phone/verify', { phoneNumber: '9847055502', code: wrong });
    expect((await call(me.cookie, 'POST', '/api/student/profile/phone/verify', { phoneNumber: '9847055502', code })).json().message).toBe(PROFILE_MESSAGES.codeBurned);
    expect((await call(me.cookie, 'POST', '/api/student/profile/phone', { phoneNumber: '12345' })).json()).toMatchObject({ message: PROFILE_MESSAGES.phone, field: 'phoneNumber' });
    expect((await call(me.cookie, 'POST', '/api/student/profile/phone/verify', { phoneNumber: '9847055502', code: '12' })).json()).toMatchObject({ message: PROFILE_MESSAGES.codeFormat });
    expect((await call(undefined, 'GET', '/api/student/profile')).statusCode).toBe(401);
  });

  it('keeps one account per verified number, even when two verify it at the same moment', async () => {
    const [first, second] = [await student(), await student()];
    const codes: string[] = [];
    for (const me of [first, second]) {
      expect((await call(me.cookie, 'POST', '/api/student/profile/phone', { phoneNumber: '9847055503' })).statusCode).toBe(200);
      codes.push(await latestCode('9847055503'));
    }
    const answers = await Promise.all([first, second].map((me, i) => call(me.cookie, 'POST', '/api/student/profile/phone/verify', { phoneNumber: '9847055503', code: codes[i] })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(PROFILE_MESSAGES.phoneTaken);
    const third = await student();
    expect((await call(third.cookie, 'POST', '/api/student/profile/phone', { phoneNumber: '+91 9847055503' })).json().message).toBe(PROFILE_MESSAGES.phoneTaken);
    await ageCodes(third.id);
  });
});

describe('All users', () => {
  it('pages and filters accounts on the server, with the special-student flag and the roles', async () => {
    const listed = await createUser(database.db, { email: 'users-listed@example.com', name: 'Zara Listed', phone: '+91 90000 11111' });
    await createUser(database.db, { email: 'users-staff@example.com', name: 'Zara Staff', roles: ['staff', 'educator'] });
    await createUser(database.db, { email: 'users-noname@example.com', name: '' });
    await call(admin, 'POST', '/api/admin/lakshya-students', { value: { name: 'Zara', phoneNumber: '9000011111' } });
    const page = (await call(admin, 'GET', '/api/admin/users?search=zara&pageSize=1')).json();
    expect(page).toMatchObject({ total: 2, pageSize: 1 });
    const all = (await call(admin, 'GET', '/api/admin/users?search=zara')).json().users;
    expect(all.find((user: { _id: string }) => user._id === listed.id)).toMatchObject({ isLakshyaStudent: true, phoneNumber: '+91 90000 11111', phoneVerified: false });
    expect(all.find((user: { name: string }) => user.name === 'Zara Staff')).toMatchObject({ isLakshyaStudent: false, roles: ['staff', 'educator'] });
    expect((await call(admin, 'GET', '/api/admin/users?search=zara&lakshya=yes')).json().total).toBe(1);
    expect((await call(admin, 'GET', '/api/admin/users?search=zara&role=staff')).json().total).toBe(1);
    expect((await call(admin, 'GET', '/api/admin/users?search=zara&role=student')).json().total).toBe(1);
    for (const bad of ['page=0', 'pageSize=500', 'role=root', 'lakshya=maybe']) expect((await call(admin, 'GET', `/api/admin/users?${bad}`)).statusCode, bad).toBe(400);
    for (const role of ['staff', 'manager'] as const) {
      await createUser(database.db, { email: `users-${role}-viewer@example.com`, roles: [role] });
      expect((await call(await signIn(app, `users-${role}-viewer@example.com`), 'GET', '/api/admin/users')).statusCode).toBe(403);
    }
  });
});
