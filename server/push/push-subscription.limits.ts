import { PUSH_MESSAGES } from '../../shared/push/push.schema.ts';
import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';

/** Devices one account receives pushes on; registering another replaces the least recently registered. */
export const MAX_DEVICES_PER_STUDENT = 10;

/** Registrations one account may make: an app registers on start and when its keys change, not by the hundred. */
export const REGISTRATIONS_PER_STUDENT = { max: 30, windowSeconds: 3600 };

export function registrationRule(userId: string): RateLimitRule {
  return { key: `push:register:${userId}`, ...REGISTRATIONS_PER_STUDENT, message: PUSH_MESSAGES.tooManyRegistrations };
}
