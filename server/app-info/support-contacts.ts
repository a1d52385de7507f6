import { SUPPORT_CONTACT_PLACEHOLDERS, type Config } from '../config.ts';

/**
 * The start's warning while the support phone or e-mail is still the placeholder (students who
 * cannot recover their account are told to call or write there), or null once both are set.
 */
export function placeholderSupportWarning(config: Pick<Config, 'SUPPORT_PHONE' | 'SUPPORT_EMAIL'>): string | null {
  const names = (['SUPPORT_PHONE', 'SUPPORT_EMAIL'] as const).filter((name) => config[name] === SUPPORT_CONTACT_PLACEHOLDERS[name]);
  if (names.length === 0) return null;
  const which = names.map((name) => `${name} (${config[name]})`).join(' and ');
  return `${which} ${names.length === 1 ? 'is a placeholder' : 'are placeholders'}: students who cannot sign in are told to contact support there. Set ${names.join(' and ')} to your own.`;
}
