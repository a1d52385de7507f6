/** What a phone number that is not an Indian mobile is refused with. */
export const PHONE_MESSAGE = 'Enter a 10-digit Indian mobile number (it may start with +91)';

/**
 * A 10-digit Indian mobile number from what was typed: spaces, dashes, dots and brackets go, and a
 * +91, 91 or 0 in front is dropped. Null when what is left is not 10 digits starting with 6–9.
 */
export function indianMobile(text: string): string | null {
  const compact = text.trim().replace(/[\s\-.()]/g, '');
  if (!/^\+?[0-9]+$/.test(compact)) return null;
  let digits = compact.replace(/^\+/, '');
  if (compact.startsWith('+')) {
    if (!digits.startsWith('91')) return null;
    digits = digits.slice(2);
  } else if (digits.length === 12 && digits.startsWith('91')) {
    digits = digits.slice(2);
  } else if (digits.length === 11 && digits.startsWith('0')) {
    digits = digits.slice(1);
  }
  return /^[6-9][0-9]{9}$/.test(digits) ? digits : null;
}
