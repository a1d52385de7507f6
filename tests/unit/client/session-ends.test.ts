// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { createQueryClient } from '../../../client/src/lib/query-client.ts';
import { sessionState, startSigningOut } from '../../../client/src/lib/session-state.ts';

const ME_KEY = [['auth', 'me'], { type: 'query' }];
const asha = { _id: 'u1', name: 'Asha', roles: ['admin'], phoneNumber: null, emailAddress: 'asha@example.com' };
const ravi = { ...asha, _id: 'u2', name: 'Ravi', emailAddress: 'ravi@example.com' };
const unauthenticated = () =>
  TRPCClientError.from({ error: { code: -32001, message: 'Please sign in', data: { code: 'UNAUTHORIZED', httpStatus: 401, type: 'unauthenticated' } } });

afterEach(() => {
  startSigningOut();
  vi.restoreAllMocks();
});

async function failMutation(client: ReturnType<typeof createQueryClient>, error: unknown) {
  const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(error) });
  await mutation.execute(undefined).catch(() => undefined);
}

describe('the console session', () => {
  it('asks to sign in again, keeping the screen, when a call answers 401 while someone is signed in', async () => {
    const client = createQueryClient();
    client.setQueryData(ME_KEY, asha);
    expect(sessionState()).toMatchObject({ ended: false, lastUser: asha });
    await failMutation(client, unauthenticated());
    expect(sessionState()).toMatchObject({ ended: true, lastUser: asha });
    // The same account signed in again: the console goes on.
    client.setQueryData(ME_KEY, asha);
    expect(sessionState()).toMatchObject({ ended: false, lastUser: asha });
  });

  it('counts "nobody is signed in" from the server as an ended session too, but not after signing out', () => {
    const client = createQueryClient();
    client.setQueryData(ME_KEY, asha);
    client.setQueryData(ME_KEY, null);
    expect(sessionState().ended).toBe(true);
    client.setQueryData(ME_KEY, asha);
    startSigningOut();
    client.setQueryData(ME_KEY, null);
    expect(sessionState()).toMatchObject({ ended: false, lastUser: null });
  });

  it('ignores failures that are not about the session', async () => {
    const client = createQueryClient();
    client.setQueryData(ME_KEY, asha);
    await failMutation(client, new TypeError('Failed to fetch'));
    expect(sessionState().ended).toBe(false);
  });

  it('starts the console clean when another account signs in in this browser', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const client = createQueryClient();
    client.setQueryData(ME_KEY, asha);
    client.setQueryData(ME_KEY, ravi);
    expect(reload).toHaveBeenCalledOnce();
  });
});
