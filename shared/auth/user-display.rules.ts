import type { CurrentUser } from './auth.schema.ts';

type Person = Pick<CurrentUser, 'name' | 'emailAddress' | 'phoneNumber'>;

/** How a signed-in user is named on screen: their name, else what they sign in with. */
export function displayNameOf(user: Person): string {
  return user.name.trim() || user.emailAddress?.trim() || user.phoneNumber?.trim() || 'Signed-in user';
}

/** Up to two letters for the avatar: from the name, else the e-mail address; empty when neither has a letter. */
export function initialsOf(user: Person): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  if (words.length > 0)
    return words
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join('');
  const first = user.emailAddress?.trim()[0];
  return first && /\p{L}|\p{N}/u.test(first) ? first.toUpperCase() : '';
}
