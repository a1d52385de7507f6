import { COMPOSER_LIMITS, PUSH_MESSAGES } from './push.schema.ts';

export interface ComposerFieldErrors {
  title?: string;
  body?: string;
}

/**
 * What is wrong with a composer's title and body by their length alone: shown as soon as the
 * composer opens, since a screen may fill in a title longer than a push may carry.
 */
export function composerLengthErrors(title: string, body: string): ComposerFieldErrors {
  return {
    ...(title.length > COMPOSER_LIMITS.title ? { title: PUSH_MESSAGES.titleTooLong } : {}),
    ...(body.length > COMPOSER_LIMITS.body ? { body: PUSH_MESSAGES.bodyTooLong } : {}),
  };
}

/** Everything Send Now checks before it asks for confirmation: a title and a message, each within its limit. */
export function composerFieldErrors(title: string, body: string): ComposerFieldErrors {
  const tooLong = composerLengthErrors(title, body);
  return {
    ...(title.trim() ? {} : { title: PUSH_MESSAGES.titleRequired }),
    ...(body.trim() ? {} : { body: PUSH_MESSAGES.bodyRequired }),
    ...tooLong,
  };
}
