import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WorkerHandle } from '../../../worker/runner.ts';
import { startMailCatcher, startSmsProvider, waitFor } from '../../support/mail-catcher.ts';
import { LIMITS, recoveryCodeRules } from '../../../server/auth/auth.limits.ts';
import { createUser, testConfig } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { startTestWorker } from '../../support/test-worker.ts';

let worker: WorkerHandle;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let sms: Awaited<ReturnType<typeof startSmsProvider>>;
let env: Record<string, string>;

beforeAll(async () => {
  mail = await startMailCatcher();
  sms = await startSmsProvider();
  env = {
    SMTP_URL: mail.url,
    MAIL_FROM: 'PSC <no-reply@psc.example>',
    SMS_HTTP_URL: sms.url,
    SMS_HTTP_AUTHORIZATION: 'Bearer sms-key',
    SMS_SENDER_ID: 'PSCAPP',
  };
});
afterAll(async () => {
  await mail?.close();
  await sms?.close();
});
const harness = useApp({ roles: [], env: () => env });
const asNobody = harness.injectAs('nobody');
beforeAll(async () => {
  worker = await startTestWorker(harness.database, testConfig(env));
});
afterAll(async () => {
  await worker?.stop();
});

// Each test comes from its own client address, so that the per-address limit is tested on its own.
let clientAddress = '';
let addressCounter = 0;
beforeEach(() => {
  addressCounter += 1;
  clientAddress = `10.0.0.${addressCounter}`;
});

const post = (url: string, payload: Record<string, unknown>) =>
  harness.app.inject({ method: 'POST', url: `/api/auth/recovery/${url}`, payload, remoteAddress: clientAddress });

async function optionsFor(emailAddress: string) {
  const response = await post('initiate', { emailAddress });
  expect(response.statusCode).toBe(200);
  return response.json() as { isValid: boolean; options: Array<{ type: string; value: string; key: string; challenge?: string }> };
}

function choose(options: Awaited<ReturnType<typeof optionsFor>>['options'], type: string, challenge: string) {
  return options.map((option) => (option.type === type ? { ...option, challenge } : option));
}

async function codeMailedTo(address: string, after = 0): Promise<string> {
  const found = await waitFor(() => mail.mails.slice(after).find((m) => m.to.includes(address)));
  return /account is ([0-9]{6})\./.exec(found.raw)![1]!;
}

/** Lets the next code be asked for at once, as if the 30 seconds had passed. */
async function pretendResendIntervalPassed(userId: string) {
  await harness.db
    .updateTable('recovery_tokens')
    .set({ created_at: sql`created_at - interval '31 seconds'` })
    .where('user_id', '=', userId)
    .execute();
}

describe('recovery initiate', () => {
  it('answers not valid for an unknown address', async () => {
    expect(await optionsFor('ghost@example.com')).toEqual({ isValid: false, options: [] });
  });

  it('lists the account options with masked values', async () => {
    await createUser(harness.db, { email: 'lakshmi@example.com', phone: '9847012345' });
    const answer = await optionsFor('Lakshmi@Example.com');
    expect(answer.isValid).toBe(true);
    expect(answer.options.map(({ type, value }) => ({ type, value }))).toEqual([
      { type: 'email', value: 'l******@e******.com' },
      { type: 'phone', value: '******2345' },
    ]);
    expect(JSON.stringify(answer)).not.toContain('9847012345');
  });

  it('limits recovery calls per client address', async () => {
    for (let i = 0; i < 40; i += 1) expect((await post('initiate', { emailAddress: `probe${i}@example.com` })).statusCode).toBe(200);
    const blocked = await post('initiate', { emailAddress: 'probe-last@example.com' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many requests. Please try again later.', type: 'rate-limited' });
  });

  it('asks for the e-mail address', async () => {
    const response = await post('initiate', { emailAddress: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Email is Required');
  });
});

describe('recovery by e-mail', () => {
  it('resets the password with the mailed code and ends every session', async () => {
    await createUser(harness.db, { email: 'ravi@example.com', password: 'oldpass' });
    const oldSession = await harness.signIn('ravi@example.com', 'oldpass');
    const { options } = await optionsFor('ravi@example.com');
    const before = mail.mails.length;
    const channel = await post('recovery-channel', { options: choose(options, 'email', 'RAVI@example.com') });
    expect(channel.statusCode).toBe(200);
    const { otpToken } = channel.json();
    const code = await codeMailedTo('ravi@example.com', before);
    expect(mail.mails.at(-1)!.raw).toContain('From: PSC <no-reply@psc.example>');

    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await post('otp-verification', { otp: wrongCode, otpToken });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid OTP. 4 attempts left.');

    const verified = await post('otp-verification', { otp: code, otpToken });
    expect(verified.json()).toEqual({ status: 'valid' });

    const short = await post('execute', { newPassword: 'abcd', otp: code, otpToken });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 5 characters');

    const reset = await post('execute', { newPassword: 'newpass', otp: code, otpToken });
    expect(reset.json()).toEqual({ status: 'success' });

    expect((await harness.injectWith(oldSession)('GET', '/api/auth/me')).statusCode).toBe(401);
    const oldLogin = await asNobody('POST', '/api/auth/login', { emailAddress: 'ravi@example.com', password: 'oldpass' });
    expect(oldLogin.statusCode).toBe(401);
    await harness.signIn('ravi@example.com', 'newpass');

    const again = await post('execute', { newPassword: 'another', otp: code, otpToken });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This code is no longer valid. Please request a new one.');

    // Delivered messages do not keep the code.
    const stored = await harness.db.selectFrom('outbound_messages').selectAll().where('recipient', '=', 'ravi@example.com').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'sent', body: null, transport: 'smtp', attempts: 1 });
  });

  it('refuses a challenge that does not match, sending nothing', async () => {
    await createUser(harness.db, { email: 'priya@example.com' });
    const { options } = await optionsFor('priya@example.com');
    const response = await post('recovery-channel', { options: choose(options, 'email', 'someone@example.com') });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The details you entered do not match this account');
    const queued = await harness.db.selectFrom('outbound_messages').select('id').where('recipient', '=', 'priya@example.com').execute();
    expect(queued).toHaveLength(0);
  });

  it('refuses a forged or altered option', async () => {
    const victim = await createUser(harness.db, { email: 'victim@example.com' });
    await createUser(harness.db, { email: 'attacker@example.com' });
    const { options } = await optionsFor('attacker@example.com');
    const forgedKey = Buffer.from(JSON.stringify({ uid: victim.id, type: 'email', exp: Date.now() + 60_000 })).toString('base64url');
    const response = await post('recovery-channel', {
      options: [{ ...options[0]!, key: forgedKey, challenge: 'attacker@example.com' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This recovery request has expired. Please start again.');
  });

  it('throttles resends and a new code replaces the old one', async () => {
    const user = await createUser(harness.db, { email: 'resend@example.com' });
    const { options } = await optionsFor('resend@example.com');
    const chosen = { options: choose(options, 'email', 'resend@example.com') };
    const first = await post('recovery-channel', chosen);
    expect(first.statusCode).toBe(200);
    const firstCode = await codeMailedTo('resend@example.com');

    const tooSoon = await post('recovery-channel', chosen);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/^Please wait (30|29|28) seconds before requesting a new code$/);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    await pretendResendIntervalPassed(user.id);
    const before = mail.mails.length;
    const second = await post('recovery-channel', chosen);
    expect(second.statusCode).toBe(200);
    const secondCode = await codeMailedTo('resend@example.com', before);

    const old = await post('otp-verification', { otp: firstCode, otpToken: first.json().otpToken });
    expect(old.json().message).toBe('This code is no longer valid. Please request a new one.');
    const current = await post('otp-verification', { otp: secondCode, otpToken: second.json().otpToken });
    expect(current.json()).toEqual({ status: 'valid' });
  });

  it('sends at most five codes an hour to one account', async () => {
    const user = await createUser(harness.db, { email: 'many@example.com' });
    const { options } = await optionsFor('many@example.com');
    const chosen = { options: choose(options, 'email', 'many@example.com') };
    for (let i = 0; i < 5; i += 1) {
      expect((await post('recovery-channel', chosen)).statusCode).toBe(200);
      await pretendResendIntervalPassed(user.id);
    }
    const sixth = await post('recovery-channel', chosen);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Too many codes were requested for this account. Please try again later.');
  });

  it('burns the token after five wrong codes', async () => {
    await createUser(harness.db, { email: 'burn@example.com' });
    const { options } = await optionsFor('burn@example.com');
    const before = mail.mails.length;
    const { otpToken } = (await post('recovery-channel', { options: choose(options, 'email', 'burn@example.com') })).json();
    const code = await codeMailedTo('burn@example.com', before);
    const wrongCode = code === '999999' ? '999998' : '999999';
    const messages = [];
    for (let i = 0; i < 5; i += 1) messages.push((await post('otp-verification', { otp: wrongCode, otpToken })).json().message);
    expect(messages).toEqual([
      'Invalid OTP. 4 attempts left.',
      'Invalid OTP. 3 attempts left.',
      'Invalid OTP. 2 attempts left.',
      'Invalid OTP. 1 attempt left.',
      'Too many wrong codes. Please request a new one.',
    ]);
    const right = await post('otp-verification', { otp: code, otpToken });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong codes. Please request a new one.');
  });

  it('refuses a code after ten minutes', async () => {
    const user = await createUser(harness.db, { email: 'late@example.com' });
    const { options } = await optionsFor('late@example.com');
    const before = mail.mails.length;
    const { otpToken } = (await post('recovery-channel', { options: choose(options, 'email', 'late@example.com') })).json();
    const code = await codeMailedTo('late@example.com', before);
    const token = await harness.db
      .selectFrom('recovery_tokens')
      .select(sql<number>`round(extract(epoch from expires_at - created_at))`.as('ttl'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(token.ttl).toBe(600);
    await harness.db
      .updateTable('recovery_tokens')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute();
    const response = await post('otp-verification', { otp: code, otpToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This code has expired. Please request a new one.');
  });

  it('lets only one of two simultaneous resets with the same code through', async () => {
    await createUser(harness.db, { email: 'race@example.com' });
    const { options } = await optionsFor('race@example.com');
    const before = mail.mails.length;
    const { otpToken } = (await post('recovery-channel', { options: choose(options, 'email', 'race@example.com') })).json();
    const code = await codeMailedTo('race@example.com', before);
    const answers = await Promise.all([
      post('execute', { newPassword: 'first-pass', otp: code, otpToken }),
      post('execute', { newPassword: 'second-pass', otp: code, otpToken }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('recovery by SMS', () => {
  it('sends the code to the phone through the HTTP provider', async () => {
    await createUser(harness.db, { email: 'sms@example.com', phone: '+91 98470 55555' });
    const { options } = await optionsFor('sms@example.com');
    const channel = await post('recovery-channel', { options: choose(options, 'phone', '9847055555') });
    expect(channel.statusCode).toBe(200);
    const sent = await waitFor(() => sms.messages.find((m) => m.body.to === '+91 98470 55555'));
    expect(sent.authorization).toBe('Bearer sms-key');
    expect(sent.body.sender).toBe('PSCAPP');
    const code = /^([0-9]{6}) is your account recovery code/.exec(sent.body.message)![1]!;
    const verified = await post('otp-verification', { otp: code, otpToken: channel.json().otpToken });
    expect(verified.json()).toEqual({ status: 'valid' });
  });

  it('asks for a numeric mobile number', async () => {
    await createUser(harness.db, { email: 'sms2@example.com', phone: '9847066666' });
    const { options } = await optionsFor('sms2@example.com');
    const response = await post('recovery-channel', { options: choose(options, 'phone', 'my phone') });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Mobile Number is Required');
  });
});

describe('recovery option keys', () => {
  it('do not reveal the account they refer to', async () => {
    const user = await createUser(harness.db, { email: 'opaque@example.com', phone: '9847077777' });
    const { options } = await optionsFor('opaque@example.com');
    expect(options).toHaveLength(2);
    const idForms = [user.id, user.id.replaceAll('-', ''), Buffer.from(user.id.replaceAll('-', ''), 'hex').toString('base64url')];
    for (const { key } of options) {
      const readings = [key, ...key.split(/[.~_-]/).filter(Boolean), ...key.split('.').map((part) => Buffer.from(part, 'base64url').toString('latin1'))];
      for (const reading of readings) for (const form of idForms) expect(reading).not.toContain(form);
    }
    // Two lookups of the same account hand out different keys.
    const again = await optionsFor('opaque@example.com');
    expect(again.options[0]!.key).not.toBe(options[0]!.key);
  });

  it('a key altered by one character is refused', async () => {
    await createUser(harness.db, { email: 'altered@example.com' });
    const { options } = await optionsFor('altered@example.com');
    const key = options[0]!.key;
    const middle = Math.floor(key.length / 2);
    const altered = `${key.slice(0, middle)}${key[middle] === 'A' ? 'B' : 'A'}${key.slice(middle + 1)}`;
    const response = await post('recovery-channel', { options: [{ ...options[0]!, key: altered, challenge: 'altered@example.com' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This recovery request has expired. Please start again.');
  });
});

describe('a stranger who knows the address cannot block its owner', () => {
  const from = (remoteAddress: string) => (url: string, payload: Record<string, unknown>) =>
    harness.app.inject({ method: 'POST', url: `/api/auth/recovery/${url}`, payload, remoteAddress });

  it("the stranger's lookups do not stop the owner's", async () => {
    await createUser(harness.db, { email: 'looked-up@example.com' });
    const stranger = from('192.0.2.10');
    for (let i = 0; i < 10; i += 1) expect((await stranger('initiate', { emailAddress: 'looked-up@example.com' })).statusCode).toBe(200);
    const blocked = await stranger('initiate', { emailAddress: 'looked-up@example.com' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many requests. Please try again later.', type: 'rate-limited' });
    const owner = await from('192.0.2.11')('initiate', { emailAddress: 'looked-up@example.com' });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().isValid).toBe(true);
  });

  it("the stranger's wrong details do not stop the owner from getting a code", async () => {
    await createUser(harness.db, { email: 'guessed@example.com', phone: '9847088888' });
    const stranger = from('192.0.2.20');
    const { options } = (await stranger('initiate', { emailAddress: 'guessed@example.com' })).json();
    for (let i = 0; i < 10; i += 1) {
      const wrong = await stranger('recovery-channel', { options: choose(options, 'phone', `98470${String(i).padStart(5, '0')}`) });
      expect(wrong.json().message).toBe('The details you entered do not match this account');
    }
    expect((await stranger('recovery-channel', { options: choose(options, 'phone', '9847000099') })).statusCode).toBe(429);

    const owner = from('192.0.2.21');
    const own = (await owner('initiate', { emailAddress: 'guessed@example.com' })).json();
    const channel = await owner('recovery-channel', { options: choose(own.options, 'phone', '9847088888') });
    expect(channel.statusCode).toBe(200);
  });

  it("the stranger asking for codes neither delays nor replaces the owner's code", async () => {
    const user = await createUser(harness.db, { email: 'contested@example.com' });
    const owner = from('192.0.2.30');
    const stranger = from('192.0.2.31');
    const ownOptions = (await owner('initiate', { emailAddress: 'contested@example.com' })).json().options;
    const strangerOptions = (await stranger('initiate', { emailAddress: 'contested@example.com' })).json().options;

    const before = mail.mails.length;
    const ownChannel = await owner('recovery-channel', { options: choose(ownOptions, 'email', 'contested@example.com') });
    expect(ownChannel.statusCode).toBe(200);
    const ownCode = await codeMailedTo('contested@example.com', before);

    // At once, and again after the resend interval: both answered, and neither touches the owner's code.
    const first = await stranger('recovery-channel', { options: choose(strangerOptions, 'email', 'contested@example.com') });
    expect(first.statusCode).toBe(200);
    await pretendResendIntervalPassed(user.id);
    expect((await stranger('recovery-channel', { options: choose(strangerOptions, 'email', 'contested@example.com') })).statusCode).toBe(200);

    const verified = await owner('otp-verification', { otp: ownCode, otpToken: ownChannel.json().otpToken });
    expect(verified.json()).toEqual({ status: 'valid' });
    const reset = await owner('execute', { newPassword: 'mine-again', otp: ownCode, otpToken: ownChannel.json().otpToken });
    expect(reset.json()).toEqual({ status: 'success' });
  });

  it('two simultaneous code requests from one address send one code', async () => {
    const user = await createUser(harness.db, { email: 'double-click@example.com' });
    const client = from('192.0.2.40');
    const { options } = (await client('initiate', { emailAddress: 'double-click@example.com' })).json();
    const chosen = { options: choose(options, 'email', 'double-click@example.com') };
    const answers = await Promise.all([client('recovery-channel', chosen), client('recovery-channel', chosen), client('recovery-channel', chosen)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429]);
    const tokens = await harness.db.selectFrom('recovery_tokens').select('id').where('user_id', '=', user.id).execute();
    expect(tokens).toHaveLength(1);
  });

  it("the account's daily code budget holds exactly against a crowd of addresses", async () => {
    const user = await createUser(harness.db, { email: 'crowded@example.com' });
    const accountKey = recoveryCodeRules(user.id, '0.0.0.0')[2]!.key;
    await harness.db
      .insertInto('rate_limits')
      .values({
        key: accountKey,
        hits: LIMITS.recoveryCodesPerAccount.max - 2,
        hit_times: sql<Date[]>`array_fill(now(), array[${LIMITS.recoveryCodesPerAccount.max - 2}::int])`,
        reset_at: sql<Date>`now() + interval '1 day'`,
      })
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const client = from(`192.0.2.${50 + i}`);
        const { options } = (await client('initiate', { emailAddress: 'crowded@example.com' })).json();
        return client('recovery-channel', { options: choose(options, 'email', 'crowded@example.com') });
      }),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().message).toBe('Too many codes were requested for this account. Please try again later.');
    const tokens = await harness.db.selectFrom('recovery_tokens').select('id').where('user_id', '=', user.id).execute();
    expect(tokens).toHaveLength(2);
  });
});

describe('codes by SMS to one number, across accounts', () => {
  const numberLimitMessage = /^Too many codes have been sent to this phone number\. Please try again in (59|60) minutes\.$/;
  let accounts = 0;
  /** An account with this number (numbers typed on older accounts are not unique) asking for a recovery code by SMS from its own address. */
  async function recoveryBySms(phone: string) {
    accounts += 1;
    const email = `sms-number${accounts}@example.com`;
    await createUser(harness.db, { email, phone });
    const client = (url: string, payload: Record<string, unknown>) =>
      harness.app.inject({ method: 'POST', url: `/api/auth/recovery/${url}`, payload, remoteAddress: `198.51.100.${accounts}` });
    const { options } = (await client('initiate', { emailAddress: email })).json();
    return () => client('recovery-channel', { options: choose(options, 'phone', phone) });
  }
  const smsCodesTo = async (recipients: string[]) =>
    Number(
      (
        await harness.db
          .selectFrom('outbound_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('channel', '=', 'sms')
          .where('recipient', 'in', recipients)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('sends at most 5 recovery codes an hour to one number when 8 accounts with it ask at once', async () => {
    const asks = await Promise.all(Array.from({ length: 8 }, () => recoveryBySms('+91 98470 77001')));
    const answers = await Promise.all(asks.map((ask) => ask()));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    for (const answer of answers.filter((one) => one.statusCode === 429)) expect(answer.json().message).toMatch(numberLimitMessage);
    expect(await smsCodesTo(['+91 98470 77001'])).toBe(LIMITS.smsCodesPerNumber.max);
  });

  it("shares the number's budget with adding the number to a profile", async () => {
    for (let i = 0; i < 3; i += 1) expect((await (await recoveryBySms('9847077002'))()).statusCode).toBe(200);
    const profileCode = async () => {
      accounts += 1;
      await createUser(harness.db, { email: `sms-profile${accounts}@example.com` });
      const cookie = await harness.signIn(`sms-profile${accounts}@example.com`);
      return harness.injectWith(cookie)('POST', '/api/student/profile/phone', { phoneNumber: '9847077002' });
    };
    for (let i = 0; i < 2; i += 1) expect((await profileCode()).statusCode).toBe(200);
    const refused = [await profileCode(), await (await recoveryBySms('9847077002'))()];
    for (const answer of refused) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json().message).toMatch(numberLimitMessage);
    }
    expect(await smsCodesTo(['9847077002', '+919847077002'])).toBe(5);
  });
});
