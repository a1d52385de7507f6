import { describe, expect, it } from 'vitest';
import { createStudentApi, must, StudentApiError } from '../../../clients/student-api/index.ts';

/** A fetch that records each request and answers with `answer`. */
function recordingFetch(answer: () => Response) {
  const requests: Request[] = [];
  const fetch = async (input: Request) => {
    requests.push(input);
    return answer();
  };
  return { requests, fetch };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createStudentApi', () => {
  it('sends Authorization: Bearer with the token, read again for every request when it is a function', async () => {
    const { requests, fetch } = recordingFetch(() => json(200, []));
    const tokens: string[] = [];
    const api = createStudentApi({ baseUrl: 'http://127.0.0.1:9', token: () => tokens.at(-1), fetch });
    await api.GET('/api/student/meeting-links');
    tokens.push('first-token');
    await api.GET('/api/student/meeting-links');
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual([null, 'Bearer first-token']);
    expect(requests[0]!.url).toBe('http://127.0.0.1:9/api/student/meeting-links');

    const fixed = recordingFetch(() => json(200, []));
    await createStudentApi({ baseUrl: 'http://127.0.0.1:9', token: 'fixed', fetch: fixed.fetch }).GET('/api/student/meeting-links');
    expect(fixed.requests[0]!.headers.get('authorization')).toBe('Bearer fixed');
  });

  it('sends no Authorization header without a token', async () => {
    const { requests, fetch } = recordingFetch(() => json(200, []));
    await createStudentApi({ baseUrl: 'http://127.0.0.1:9', fetch }).GET('/api/student/meeting-links');
    expect(requests[0]!.headers.has('authorization')).toBe(false);
  });
});

describe('must', () => {
  it('answers the data of a success', async () => {
    const { fetch } = recordingFetch(() => json(200, [{ _id: 'l1' }]));
    expect(await must(createStudentApi({ baseUrl: 'http://127.0.0.1:9', fetch }).GET('/api/student/meeting-links'))).toEqual([{ _id: 'l1' }]);
  });

  it('throws a StudentApiError with the status and the error body of a failure', async () => {
    const { fetch } = recordingFetch(() => json(401, { message: 'Please sign in', type: 'unauthenticated' }));
    const failure = await must(createStudentApi({ baseUrl: 'http://127.0.0.1:9', fetch }).GET('/api/student/meeting-links')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StudentApiError);
    expect(failure).toMatchObject({ status: 401, message: 'Please sign in', body: { message: 'Please sign in', type: 'unauthenticated' } });
  });

  it('names the status when a failure has no error body', async () => {
    const { fetch } = recordingFetch(() => new Response('bad gateway', { status: 502 }));
    const failure = await must(createStudentApi({ baseUrl: 'http://127.0.0.1:9', fetch }).GET('/api/student/meeting-links')).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 502, message: 'The server answered 502', body: undefined });
  });
});
