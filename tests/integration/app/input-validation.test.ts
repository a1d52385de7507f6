import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');
let examId: string;

beforeAll(async () => {
  examId = (await asAdmin('POST', '/api/admin/exams', { title: 'Checked' })).json()._id;
});

const json = (method: 'POST' | 'PUT' | 'GET', url: string, body: string, cookie?: string) =>
  harness.app.inject({ method, url, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: body });
const examValue = (overrides: Record<string, unknown> = {}) => ({ value: { title: 'Checked', ...overrides } });

describe('text PostgreSQL cannot store', () => {
  it('is refused on register while signed out, naming the field, and no account is made', async () => {
    const answer = await json('POST', '/api/auth/register', JSON.stringify({ name: 'Ravi\u0000', emailAddress: 'nul@example.com', password: 'secret12' }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ type: 'validation', field: 'name', message: 'name cannot contain the character U+0000 (NUL)' });
    expect(await harness.db.selectFrom('users').select('id').where('email_address', '=', 'nul@example.com').execute()).toEqual([]);
  });

  it('is refused in any field of a REST body, in a key, a query or a path, and in tRPC input', async () => {
    const inTitle = await json('PUT', `/api/admin/exams/${examId}`, JSON.stringify(examValue({ description: 'a\u0000b' })), harness.cookie('admin'));
    expect(inTitle.statusCode).toBe(400);
    expect(inTitle.json()).toMatchObject({ field: 'value.description', message: 'value.description cannot contain the character U+0000 (NUL)' });
    const broken = await json('PUT', `/api/admin/exams/${examId}`, '{"value":{"title":"Checked","instructions":["ok","\\ud800"]}}', harness.cookie('admin'));
    expect(broken.json()).toMatchObject({ field: 'value.instructions[1]', message: 'value.instructions[1] contains broken Unicode (an unpaired surrogate)' });
    const inKey = await json('PUT', `/api/admin/exams/${examId}`, '{"value":{"title":"Checked","bad\\u0000key":1}}', harness.cookie('admin'));
    expect(inKey.json().message).toBe('value has a field name that cannot contain the character U+0000 (NUL)');
    const inPath = await asAdmin('GET', '/api/admin/exams/details/a%00b');
    expect(inPath.json()).toMatchObject({ field: 'params.examId' });
    const viaTrpc = await json('POST', '/trpc/exams.create', JSON.stringify({ title: 'x\u0000' }), harness.cookie('admin'));
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.json().error).toMatchObject({ message: 'title cannot contain the character U+0000 (NUL)', data: { type: 'validation', field: 'title' } });
    const exam = (await asAdmin('GET', `/api/admin/exams/details/${examId}`)).json();
    expect(exam).toMatchObject({ title: 'Checked', description: '' });
  });
});

describe('numbers PostgreSQL or JavaScript cannot hold', () => {
  it('refuses a publish time past the year 9999 with the field named', async () => {
    for (const time of [8.7e15, 1e308, 2 ** 53 + 1]) {
      const answer = await json('PUT', `/api/admin/exams/${examId}`, JSON.stringify(examValue({ publishDateTimeInMs: time })), harness.cookie('admin'));
      expect(answer.statusCode, String(time)).toBe(400);
      expect(answer.json().field).toBe('value.publishDateTimeInMs');
    }
  });
});

describe('validation messages', () => {
  it('say which field is wrong and what the rule is', async () => {
    const long = await json('PUT', `/api/admin/exams/${examId}`, JSON.stringify(examValue({ title: 'x'.repeat(301) })), harness.cookie('admin'));
    expect(long.json()).toMatchObject({ field: 'value.title', message: 'The title can be at most 300 characters long' });
    const kind = await json('PUT', `/api/admin/exams/${examId}`, JSON.stringify(examValue({ examType: 'essay' })), harness.cookie('admin'));
    expect(kind.json().message).toBe('value.examType must be one of "quiz", "freestyle"');
    const text = await json('PUT', `/api/admin/exams/${examId}`, JSON.stringify(examValue({ description: 5 })), harness.cookie('admin'));
    expect(text.json().message).toBe('value.description must be text, not a number');
    const missing = await json('PUT', `/api/admin/exams/${examId}`, JSON.stringify({}), harness.cookie('admin'));
    expect(missing.json()).toMatchObject({ field: 'value', message: 'value is required' });
    const many = await json('PUT', `/api/admin/exams/${examId}`, JSON.stringify(examValue({ isVisible: 'yes', totalMarks: -1 })), harness.cookie('admin'));
    expect(many.json().issues).toEqual([
      { field: 'value.isVisible', message: 'value.isVisible must be true or false, not text' },
      { field: 'value.totalMarks', message: 'value.totalMarks must be at least 0' },
    ]);
  });

  it('say a number that is not whole or not a number plainly, and give a value of the wrong type one message', async () => {
    const fraction = await json('PUT', `/api/admin/exams/${examId}`, JSON.stringify({ value: examValue().value, version: 1.5 }), harness.cookie('admin'));
    expect(fraction.json()).toMatchObject({ field: 'version', message: 'version must be a whole number' });
    const wrongType = await json(
      'POST',
      '/api/admin/notifications/send',
      JSON.stringify({ title: 'Mock test', body: 'Tonight', targetType: 'group', groupTargets: 'lakshya-students' }),
      harness.cookie('admin'),
    );
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().issues).toEqual([{ field: 'groupTargets', message: 'groupTargets must be a list, not text' }]);
    const unknown = await json(
      'POST',
      '/api/admin/notifications/send',
      JSON.stringify({ title: 'Mock test', body: 'Tonight', targetType: 'group', groupTargets: ['x'] }),
      harness.cookie('admin'),
    );
    expect(unknown.json()).toMatchObject({ field: 'groupTargets[0]', message: 'A group target is lakshya-students or purchased-users' });
  });

  it('name a __proto__ key instead of calling the body invalid JSON', async () => {
    const answer = await json('POST', '/api/auth/login', '{"emailAddress":"a@example.com","password":"x","__proto__":{"isAdmin":true}}');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ type: 'validation', message: 'The body may not contain a field named __proto__ or constructor.prototype' });
    const notJson = await json('POST', '/api/auth/login', '{"emailAddress":');
    expect(notJson.json()).toEqual({ type: 'validation', message: 'The body is not valid JSON' });
  });

  it("answer tRPC's wrong method and body type as the caller's mistakes, in words", async () => {
    const wrongMethod = await asAdmin('GET', '/trpc/exams.save');
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.json().error.data.type).toBe('validation');
    expect(wrongMethod.json().error.message).toMatch(/queries take GET and mutations take POST$/);
    const wrongType = await harness.app.inject({
      method: 'POST',
      url: '/trpc/exams.create',
      headers: { 'content-type': 'application/xml' },
      payload: '<title/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error).toMatchObject({
      message: 'This call does not take application/xml: send JSON (Content-Type: application/json)',
      data: { type: 'validation' },
    });
    // With the session cookie, a body that is not JSON is refused before anything else (a cross-site form cannot send one).
    const withCookie = await asAdmin('POST', '/trpc/exams.create', '<title/>', { 'content-type': 'application/xml' });
    expect(withCookie.json().error).toMatchObject({ message: 'Requests must be sent as JSON or multipart form data', data: { type: 'validation' } });
    const batch = await harness.app.inject({
      method: 'POST',
      url: '/trpc/exams.create,exams.copy?batch=1',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(batch.json()).toHaveLength(2);
  });
});

describe('a __proto__ key written with escapes', () => {
  it('is refused like a plain one', async () => {
    const answer = await json('POST', '/api/auth/login', '{"emailAddress":"a@example.com","password":"x","\\u005f_proto__":{"isAdmin":true}}');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('The body may not contain a field named __proto__ or constructor.prototype');
  });
});
