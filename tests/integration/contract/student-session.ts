import type { StudentApi } from '../../../clients/student-api/index.ts';

/**
 * How the journey signs in, as a native app does: a bearer token from POST /api/auth/token, which
 * the client sends as `Authorization: Bearer` from then on (no cookie is involved).
 */
export async function signIn(api: StudentApi, emailAddress: string, password: string): Promise<string> {
  const { data, error, response } = await api.POST('/api/auth/token', { body: { emailAddress, password } });
  if (error || !data) throw new Error(`signing in failed (${response.status}): ${error?.message ?? 'no answer'}`);
  if (response.headers.getSetCookie().length > 0) throw new Error('a token sign-in set a cookie');
  return data.accessToken;
}
