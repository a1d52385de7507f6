import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/auth/auth.constants.ts';
import { PROFILE_MESSAGES } from '../../../shared/users/profile.schema.ts';
import { LIMITS } from '../../../server/auth/auth.limits.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asNobody = harness.injectAs('nobody');
const asAdmin = harness.injectAs('admin');
let counter = 0;

async function student(name = 'Profile Student') {
  counter += 1;
  const email = `profile${counter}@example.com`;
  const user = await createUser(harness.db, { email, name });
  return { id: user.id, cookie: await harness.signIn(email) };
}

async function latestCode(phone: string): Promise<string> {
  const message = await harness.db
    .selectFrom('outbound_messages')
    .select('body')
    .where('recipient', '=', `+91${phone}`)
    .where('purpose', '=', 'phone-verification')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(message.body ?? '')![1]!;
}

/** Lets the next code be asked for at once (the 30-second resend interval has passed). */
const ageCodes = (userId: string) =>
  harness.db
    .updateTable('phone_verifications')
    .set({ created_at: new Date(Date.now() - 60_000) })
    .where('user_id', '=', userId)
    .execute();

describe('the student profile', () => {
  it('changes the name and nickname, and stores a phone number only after its code', async () => {
    const me = await student();
    expect((await harness.injectWith(me.cookie)('PUT', '/api/student/profile', { name: 'Arun K', gameNickname: 'arun_99' })).json()).toMatchObject({
      name: 'Arun K',
      gameNickname: 'arun_99',
      phoneNumber: null,
      phoneVerified: false,
    });
    expect((await harness.injectWith(me.cookie)('PUT', '/api/student/profile', { gameNickname: 'bad<script>' })).json()).toMatchObject({
      message: PROFILE_MESSAGES.nicknameFormat,
      field: 'gameNickname',
    });

    const sent = await harness.injectWith(me.cookie)('POST', '/api/student/profile/phone', { phoneNumber: '+91 98470 55501' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sentTo: '******5501', expiresInMinutes: 10 });
    expect((await harness.injectWith(me.cookie)('GET', '/api/student/profile')).json().phoneNumber).toBeNull();
    const again = await harness.injectWith(me.cookie)('POST', '/api/student/profile/phone', { phoneNumber: '9847055501' });
    expect(again.statusCode).toBe(429);

    const code = await latestCode('9847055501');
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await harness.injectWith(me.cookie)('POST', '/api/student/profile/phone/verify', { phoneNumber: '9847055501', code: wrong });
    expect(refused.json()).toMatchObject({ message: `${PROFILE_MESSAGES.codeWrong}. 4 attempts left.`, field: 'code' });
    const verified = await harness.injectWith(me.cookie)('POST', '/api/student/profile/phone/verify', { phoneNumber: '98470 55501', code });
    expect(verified.json()).toMatchObject({ phoneNumber: '9847055501', phoneVerified: true });
    expect((await harness.injectWith(me.cookie)('POST', '/api/student/profile/phone/verify', { phoneNumber: '9847055501', code })).json().message).toBe(
      PROFILE_MESSAGES.noCode,
    );
  });

  it('burns a code after five wrong tries and refuses a bad number or code format', async () => {
    const me = await student();
    await harness.injectWith(me.cookie)('POST', '/api/student/profile/phone', { phoneNumber: '9847055502' });
    const code = await latestCode('9847055502');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) await harness.injectWith(me.cookie)('POST', '/api/student/profile/phone/verify', { phoneNumber: '9847055502', code: wrong });
    expect((await harness.injectWith(me.cookie)('POST', '/api/student/profile/phone/verify', { phoneNumber: '9847055502', code })).json().message).toBe(
      PROFILE_MESSAGES.codeBurned,
    );
    expect((await harness.injectWith(me.cookie)('POST', '/api/student/profile/phone', { phoneNumber: '12345' })).json()).toMatchObject({
      message: PROFILE_MESSAGES.phone,
      field: 'phoneNumber',
    });
    expect((await harness.injectWith(me.cookie)('POST', '/api/student/profile/phone/verify', { phoneNumber: '9847055502', code: '12' })).json()).toMatchObject({
      message: PROFILE_MESSAGES.codeFormat,
    });
    expect((await asNobody('GET', '/api/student/profile')).statusCode).toBe(401);
  });

  it('keeps one account per verified number, even when two verify it at the same moment', async () => {
    const [first, second] = [await student(), await student()];
    const codes: string[] = [];
    for (const me of [first, second]) {
      expect((await harness.injectWith(me.cookie)('POST', '/api/student/profile/phone', { phoneNumber: '9847055503' })).statusCode).toBe(200);
      codes.push(await latestCode('9847055503'));
    }
    const answers = await Promise.all(
      [first, second].map((me, i) => harness.injectWith(me.cookie)('POST', '/api/student/profile/phone/verify', { phoneNumber: '9847055503', code: codes[i] })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(PROFILE_MESSAGES.phoneTaken);
    const third = await student();
    expect((await harness.injectWith(third.cookie)('POST', '/api/student/profile/phone', { phoneNumber: '+91 9847055503' })).json().message).toBe(
      PROFILE_MESSAGES.phoneTaken,
    );
    await ageCodes(third.id);
  });
});

describe('codes sent by SMS to one number', () => {
  const sendCode = (cookie: string, phoneNumber: string) => harness.injectWith(cookie)('POST', '/api/student/profile/phone', { phoneNumber });
  const codesSentTo = async (phone: string) =>
    Number(
      (
        await harness.db
          .selectFrom('outbound_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('recipient', '=', `+91${phone}`)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const numberLimitMessage = /^Too many codes have been sent to this phone number\. Please try again in (59|60) minutes\.$/;

  it('sends at most 5 codes an hour to one number when 25 accounts ask for it at once', async () => {
    const accounts = await Promise.all(Array.from({ length: 25 }, () => student()));
    const answers = await Promise.all(accounts.map((me) => sendCode(me.cookie, '9847066001')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(LIMITS.smsCodesPerNumber.max);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(20);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json().message).toMatch(numberLimitMessage);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(3500);
    }
    expect(await codesSentTo('9847066001')).toBe(5);
  }, 60_000);

  it('sends at most 10 codes a day to one number', async () => {
    // The number's codes of the hour as if sent an hour ago (the day's stay where they are).
    const passHour = () =>
      harness.db
        .updateTable('rate_limits')
        .set({ hit_times: sql<Date[]>`array(select t - interval '1 hour' from unnest(hit_times) t)` })
        .where('key', '=', 'sms:number:9847066002')
        .execute();
    const dayLimitMessage = /^Too many codes have been sent to this phone number\. Please try again in (23|24) hours\.$/;
    for (let i = 0; i < 5; i += 1) expect((await sendCode((await student()).cookie, '+91 98470 66002')).statusCode).toBe(200);
    expect((await sendCode((await student()).cookie, '9847066002')).json().message).toMatch(numberLimitMessage);
    await passHour();
    for (let i = 0; i < 5; i += 1) expect((await sendCode((await student()).cookie, '9847066002')).statusCode).toBe(200);
    // The day's ten are used: the wait named is the day's, also once the hour has passed again.
    expect((await sendCode((await student()).cookie, '9847066002')).json().message).toMatch(dayLimitMessage);
    await passHour();
    const refused = await sendCode((await student()).cookie, '9847066002');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(dayLimitMessage);
    expect(await codesSentTo('9847066002')).toBe(10);
  }, 60_000);

  it('counts a lookup before saying whether another account has the number, so asking about many numbers gets 429 for each', async () => {
    const owners = [await student(), await student()];
    await harness.db.updateTable('users').set({ phone_number: '9847066003', phone_verified_at: new Date() }).where('id', '=', owners[0]!.id).execute();
    await harness.db.updateTable('users').set({ phone_number: '9847066004', phone_verified_at: new Date() }).where('id', '=', owners[1]!.id).execute();
    const enumerator = await student();
    for (let i = 0; i < 5; i += 1) expect((await sendCode(enumerator.cookie, '9847066003')).json().message).toBe(PROFILE_MESSAGES.phoneTaken);
    for (const phone of ['9847066003', '9847066004', '9847066005']) {
      const answer = await sendCode(enumerator.cookie, phone);
      expect(answer.statusCode, phone).toBe(429);
      expect(answer.json().message).toBe('Too many codes were requested for this account. Please try again later.');
    }
    // Nothing was sent to the owner's number, so the lookups used none of its own budget.
    const ownerBudget = await harness.db.selectFrom('rate_limits').select('hits').where('key', '=', 'sms:number:9847066003').executeTakeFirst();
    expect(ownerBudget?.hits ?? 0).toBe(0);
    expect(await codesSentTo('9847066005')).toBe(0);
  });
});

describe('names are plain text', () => {
  it('drops direction overrides and control characters from the profile name, and refuses a name with nothing visible', async () => {
    const me = await student();
    const changed = await harness.injectWith(me.cookie)('PUT', '/api/student/profile', { name: '\u202eArun\u0001 K\u0085\u2066' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().name).toBe('Arun K');
    for (const name of ['', ' ', '\u200b', '\u202e\u2069', '\u0007\t']) {
      const refused = await harness.injectWith(me.cookie)('PUT', '/api/student/profile', { name });
      expect(refused.statusCode, JSON.stringify(name)).toBe(400);
      expect(refused.json()).toMatchObject({ message: PROFILE_MESSAGES.nameRequired, field: 'name' });
    }
    expect((await harness.injectWith(me.cookie)('GET', '/api/student/profile')).json().name).toBe('Arun K');
  });

  it('does the same when an account registers', async () => {
    const register = (name: string, emailAddress: string) => asNobody('POST', '/api/auth/register', { name, emailAddress, password: 'secret1' });
    const created = await register('\u202eRavi\u0007 M\u009b', 'plain-name@example.com');
    expect(created.statusCode, created.body).toBe(201);
    expect((await harness.db.selectFrom('users').select('name').where('email_address', '=', 'plain-name@example.com').executeTakeFirstOrThrow()).name).toBe(
      'Ravi M',
    );
    const refused = await register('\u200b\u200d', 'invisible-name@example.com');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: MESSAGES.nameRequired, field: 'name' });
  });
});

describe('All users', () => {
  it('pages and filters accounts on the server, with the lakshya-student flag and the roles', async () => {
    const listed = await createUser(harness.db, { email: 'users-listed@example.com', name: 'Zara Listed', phone: '+91 90000 11111' });
    await createUser(harness.db, { email: 'users-staff@example.com', name: 'Zara Staff', roles: ['staff', 'educator'] });
    await createUser(harness.db, { email: 'users-noname@example.com', name: '' });
    await asAdmin('POST', '/api/admin/lakshya-students', { value: { name: 'Zara', phoneNumber: '9000011111' } });
    const page = (await asAdmin('GET', '/api/admin/users?search=zara&pageSize=1')).json();
    expect(page).toMatchObject({ total: 2, pageSize: 1 });
    const all = (await asAdmin('GET', '/api/admin/users?search=zara')).json().users;
    expect(all.find((user: { _id: string }) => user._id === listed.id)).toMatchObject({
      isLakshyaStudent: true,
      phoneNumber: '+91 90000 11111',
      phoneVerified: false,
    });
    expect(all.find((user: { name: string }) => user.name === 'Zara Staff')).toMatchObject({ isLakshyaStudent: false, roles: ['staff', 'educator'] });
    expect((await asAdmin('GET', '/api/admin/users?search=zara&lakshya=yes')).json().total).toBe(1);
    expect((await asAdmin('GET', '/api/admin/users?search=zara&role=staff')).json().total).toBe(1);
    expect((await asAdmin('GET', '/api/admin/users?search=zara&role=student')).json().total).toBe(1);
    for (const bad of ['page=0', 'pageSize=500', 'role=root', 'lakshya=maybe'])
      expect((await asAdmin('GET', `/api/admin/users?${bad}`)).statusCode, bad).toBe(400);
    for (const role of ['staff', 'manager'] as const) {
      await createUser(harness.db, { email: `users-${role}-viewer@example.com`, roles: [role] });
      expect((await harness.injectWith(await harness.signIn(`users-${role}-viewer@example.com`))('GET', '/api/admin/users')).statusCode).toBe(403);
    }
  });
});
