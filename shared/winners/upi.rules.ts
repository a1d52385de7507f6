/**
 * A UPI id (virtual payment address) as the payment apps give it: a handle of letters, digits,
 * dots, hyphens or underscores, "@", then the bank's or app's name in letters, e.g. asha.nair@okaxis
 * or 9847012345@ybl.
 */
const UPI_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;

export const UPI_ID_MESSAGE = 'Enter a UPI ID like name@bank (letters, digits, dots, hyphens or underscores before the @)';

export function isUpiId(value: string): boolean {
  return UPI_ID.test(value.trim());
}
