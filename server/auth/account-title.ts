import type { UserRow } from '../db/types.ts';

/** What staff call an account in the audit log: its name, or its address or number when it has none. */
export const accountTitle = (account: Pick<UserRow, 'name' | 'email_address' | 'phone_number'>) =>
  account.name.trim() || account.email_address || account.phone_number || 'Account';
