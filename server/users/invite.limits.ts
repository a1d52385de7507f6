import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';

const HOUR = 3600;

/**
 * Invitation mails an administrator may send (new invitations and resends together): each one
 * is a message to an outside address, so a stolen or careless session cannot flood mailboxes.
 */
export const INVITE_LIMITS = {
  perAdministrator: { max: 30, windowSeconds: HOUR },
  perAdministratorPerDay: { max: 100, windowSeconds: 24 * HOUR },
} as const;

export const INVITE_LIMIT_MESSAGE = 'Too many invitations were sent from this account. Please try again later.';

export function inviteRules(administratorId: string): RateLimitRule[] {
  return [
    { key: `invites:admin:${administratorId}`, ...INVITE_LIMITS.perAdministrator, message: INVITE_LIMIT_MESSAGE },
    { key: `invites:admin-day:${administratorId}`, ...INVITE_LIMITS.perAdministratorPerDay, message: INVITE_LIMIT_MESSAGE },
  ];
}
