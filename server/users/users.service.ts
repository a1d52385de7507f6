import { randomBytes } from 'node:crypto';
import { GRANTABLE_ROLES } from '../../shared/auth/roles.ts';

type GrantableRole = (typeof GRANTABLE_ROLES)[number];
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { hashPassword } from '../auth/password.ts';
import { endAllSessions } from '../auth/auth.repository.ts';
import {
  findUserByEmail,
  findUserRow,
  hasActiveAdministrator,
  insertUser,
  lockFirstAdministrator,
  updateDisabled,
  updateRoles,
  updateUser,
} from './users.repository.ts';
import { refuseRemovingLastAdministrator } from './account-access.service.ts';

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

export function parseRoles(text: string): GrantableRole[] {
  const roles = text
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
  const unknown = roles.filter((role) => !(GRANTABLE_ROLES as readonly string[]).includes(role));
  if (unknown.length > 0) {
    throw new AppError('validation', `Unknown role ${unknown.join(', ')}: use ${GRANTABLE_ROLES.join(', ')}`);
  }
  if (roles.length === 0) throw new AppError('validation', `Give at least one role: ${GRANTABLE_ROLES.join(', ')}`);
  return [...new Set(roles)] as GrantableRole[];
}

/**
 * Replaces a user's roles. Every session of the user ends, so a demoted user's old
 * cookie stops working at once instead of keeping the old rights.
 */
export async function setRoles(db: Db, userId: string, roles: string[]): Promise<UserRow> {
  const run = async (trx: Db) => {
    if (!(await updateRoles(trx, userId, roles))) throw new AppError('not-found', 'User not found');
    await endAllSessions(trx, userId);
    return (await findUserRow(trx, userId))!;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** Disables (or enables) an account; a disabled account's sessions fail on their next request. */
export async function setDisabled(db: Db, userId: string, disabled: boolean): Promise<void> {
  await updateDisabled(db, userId, disabled);
}

export interface CreateOrPromoteInput {
  emailAddress: string;
  name?: string | undefined;
  roles: GrantableRole[];
  password?: string | undefined;
  /** Replace the user's roles instead of adding to them. */
  replaceRoles?: boolean;
}

export interface CreateOrPromoteResult {
  user: UserRow;
  created: boolean;
  /** Set when a password was generated; shown once to the operator. */
  generatedPassword?: string;
}

/**
 * `npm run admin:create`: creates a console user, or gives an existing one more roles. Replacing
 * the roles of the last enabled administrator with others is refused, as in the console: the change
 * runs under the first-administrator lock that every change of who is an administrator takes.
 */
export async function createOrPromoteUser(db: Db, input: CreateOrPromoteInput): Promise<CreateOrPromoteResult> {
  return db.isTransaction ? createOrPromoteLocked(db, input) : db.transaction().execute((trx) => createOrPromoteLocked(trx, input));
}

async function createOrPromoteLocked(db: Db, input: CreateOrPromoteInput): Promise<CreateOrPromoteResult> {
  await lockFirstAdministrator(db);
  // Read after the lock, in a new statement: this sees every change committed before it.
  const emailAddress = input.emailAddress.trim().toLowerCase();
  const existing = await findUserByEmail(db, emailAddress);
  if (existing) {
    const roles = input.replaceRoles ? input.roles : [...new Set([...existing.roles, ...input.roles])];
    await refuseRemovingLastAdministrator(db, existing, { roles, disabled_at: existing.disabled_at }, 'roles');
    let user = await setRoles(db, existing.id, roles);
    if (input.password) {
      user = await updateUser(db, existing.id, { password_hash: await hashPassword(input.password) });
    }
    if (input.name) {
      user = await updateUser(db, existing.id, { name: input.name });
    }
    return { user, created: false };
  }
  const generatedPassword = input.password ? undefined : generatePassword();
  const user = await insertUser(db, {
    name: input.name ?? '',
    email_address: emailAddress,
    password_hash: await hashPassword(input.password ?? generatedPassword!),
    roles: input.roles,
  });
  return { user, created: true, ...(generatedPassword ? { generatedPassword } : {}) };
}

export interface FirstAdministrator {
  emailAddress: string;
  created: boolean;
  generatedPassword?: string;
}

/**
 * On a start that finds no administrator, makes ADMIN_EMAIL one (creating the account
 * when needed). An advisory lock keeps two processes starting at once from both doing it.
 */
export async function ensureFirstAdministrator(
  db: Db,
  admin: { emailAddress: string; name: string; password: string | undefined },
): Promise<FirstAdministrator | null> {
  return db.transaction().execute(async (trx) => {
    await lockFirstAdministrator(trx);
    if (await hasActiveAdministrator(trx)) return null;
    const password = admin.password ?? generatePassword();
    const result = await createOrPromoteUser(trx, {
      emailAddress: admin.emailAddress,
      name: admin.name,
      roles: ['admin'],
      password,
    });
    return {
      emailAddress: result.user.email_address!,
      created: result.created,
      ...(admin.password ? {} : { generatedPassword: password }),
    };
  });
}
