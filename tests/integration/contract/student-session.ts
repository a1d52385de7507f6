import type { Middleware } from 'openapi-fetch';
import type { StudentApi } from '../../../clients/student-api/index.ts';

/**
 * How the journey signs in: one place, so that the way a student app proves who it is can change
 * here alone. Today that is the session cookie set by /api/auth/login, which a native app keeps and
 * sends back as a Cookie header.
 */
export async function signIn(api: StudentApi, emailAddress: string, password: string): Promise<string> {
  const { error, response } = await api.POST('/api/auth/login', { body: { emailAddress, password } });
  if (error) throw new Error(`signing in failed (${response.status}): ${error.message}`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('psc_session='));
  if (!cookie) throw new Error('signing in set no session cookie');
  return cookie.split(';')[0]!;
}

/** Sends the credential signIn answered with every request, once there is one. */
export function withCredential(credential: () => string | undefined): Middleware {
  return {
    onRequest({ request }) {
      const current = credential();
      if (current) request.headers.set('Cookie', current);
      return request;
    },
  };
}
