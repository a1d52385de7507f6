import type { CurrentUser } from '../../shared/auth/auth.schema.ts';

/** The signed-in user a request acts for. */
export interface Actor {
  id: string;
  name: string;
  roles: string[];
  phoneNumber: string | null;
  emailAddress: string | null;
  sessionId: string;
  /** How the request proved the session: the console's cookie or an app's bearer token. */
  credential: 'cookie' | 'bearer';
}

export function toCurrentUser(actor: Omit<Actor, 'sessionId' | 'credential'>): CurrentUser {
  return {
    _id: actor.id,
    name: actor.name,
    roles: actor.roles,
    phoneNumber: actor.phoneNumber,
    emailAddress: actor.emailAddress,
  };
}
