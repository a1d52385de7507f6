import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  INVITE_RESEND_INTERVAL_SECONDS,
  INVITE_TTL_HOURS,
  type AccountDetail,
  type inviteInputSchema,
} from '../../shared/auth/accounts.schema.ts';
import { GRANTABLE_ROLE_LABELS, type GrantableRole } from '../../shared/auth/roles.ts';
import type { Config } from '../config.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import { auditBy, recordAudit } from '../audit/audit-writer.ts';
import type { RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/types.ts';
import type { Actor } from '../access/actor.ts';
import { hashOtpToken, newOtpToken } from '../auth/recovery.tokens.ts';
import { AppError } from '../errors.ts';
import { queueMessage } from '../messages/messages.service.ts';
import { staffInviteMail } from '../messages/staff-invite-mail.ts';
import { consumeRateLimits } from '../rate-limit/rate-limit.service.ts';
import { consumeOpenInvites } from '../auth/invites.repository.ts';
import { findUserByEmail, insertInvite, insertInvitedUser, latestInviteAgeSeconds, lockAccount, wasInvited } from './accounts.repository.ts';
import { accountTitle } from '../auth/account-title.ts';
import { readAccountDetail } from './account-detail.service.ts';
import { requireAccountManager } from './account-manager.ts';
import { inviteRules } from './invite.limits.ts';

/**
 * Where the console is reached: PUBLIC_URL when set (it must be, behind a proxy), else the
 * address the server listens on, as `npm start` prints it.
 */
export function consoleAddress(config: Pick<Config, 'publicOrigin' | 'HOST' | 'PORT'>): string {
  return config.publicOrigin ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
}

/** The token rides in the fragment, which browsers never send: it stays out of every server's log. */
export function inviteLink(config: Pick<Config, 'publicOrigin' | 'HOST' | 'PORT'>, token: string): string {
  return `${consoleAddress(config)}/auth/invite#${token}`;
}

const roleNames = (roles: readonly string[]) => roles.map((role) => GRANTABLE_ROLE_LABELS[role as GrantableRole] ?? role);

/** Makes a new link for the account (ending its older ones) and queues its mail, in the caller's transaction. */
async function sendInvite(trx: Db, config: Config, account: Pick<UserRow, 'id' | 'name' | 'email_address' | 'roles'>, actor: Actor): Promise<void> {
  const token = newOtpToken();
  await consumeOpenInvites(trx, account.id);
  await insertInvite(trx, { userId: account.id, tokenHash: hashOtpToken(token), invitedBy: actor.id, ttlHours: INVITE_TTL_HOURS });
  const mail = staffInviteMail({
    name: account.name,
    invitedBy: actor.name.trim() || actor.emailAddress || 'An administrator',
    roles: roleNames(account.roles),
    link: inviteLink(config, token),
    ttlHours: INVITE_TTL_HOURS,
  });
  await queueMessage(trx, { channel: 'email', recipient: account.email_address!, subject: mail.subject, body: mail.body, purpose: 'staff-invite' });
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

async function refuseExisting(db: Db, existing: UserRow): Promise<never> {
  if (existing.password_hash === null && existing.google_subject === null && (await wasInvited(db, existing.id))) {
    throw new AppError('conflict', ACCOUNT_MESSAGES.invitePending(existing.email_address ?? ''), { field: 'emailAddress' });
  }
  throw new AppError('conflict', ACCOUNT_MESSAGES.accountExists, { field: 'emailAddress' });
}

/**
 * POST /api/admin/users/invites: creates a staff account without a password (it cannot sign in
 * until its owner sets one) and mails a single-use link that expires in INVITE_TTL_HOURS. The
 * account, the link and the mail commit together.
 */
export async function inviteStaff(ctx: RequestContext, input: z.output<typeof inviteInputSchema>): Promise<AccountDetail> {
  const actor = await requireAccountManager(ctx);
  const by = await auditBy(ctx);
  const existing = await findUserByEmail(ctx.db, input.emailAddress);
  if (existing) await refuseExisting(ctx.db, existing);
  await consumeRateLimits(ctx.db, inviteRules(actor.id));
  let account: UserRow;
  try {
    account = await ctx.db.transaction().execute(async (trx) => {
      const created = await insertInvitedUser(trx, { name: input.name, emailAddress: input.emailAddress, roles: input.roles });
      await sendInvite(trx, ctx.config, created, actor);
      await recordAudit(trx, by, {
        action: 'invite',
        resourceType: 'account',
        resourceId: created.id,
        title: accountTitle(created),
        changes: changedFields(null, { name: created.name, emailAddress: created.email_address, roles: created.roles }),
      });
      return created;
    });
  } catch (error) {
    // Two invitations of one address at the same moment: the second finds the first's account.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserByEmail(ctx.db, input.emailAddress);
    if (winner) await refuseExisting(ctx.db, winner);
    throw error;
  }
  ctx.log.info({ accountId: account.id, roles: input.roles }, 'staff member invited');
  return readAccountDetail(ctx.db, account.id);
}

/**
 * POST /api/admin/users/{id}/invite: a new link for an invited account that has not set its
 * password; the older links stop working. At most one every INVITE_RESEND_INTERVAL_SECONDS.
 */
export async function resendInvite(ctx: RequestContext, input: { id: string }): Promise<AccountDetail> {
  const actor = await requireAccountManager(ctx);
  const by = await auditBy(ctx);
  await consumeRateLimits(ctx.db, inviteRules(actor.id));
  await ctx.db.transaction().execute(async (trx) => {
    const account = await lockAccount(trx, input.id);
    if (!account) throw new AppError('not-found', ACCOUNT_MESSAGES.notFound);
    if (account.password_hash !== null || account.google_subject !== null || !account.email_address)
      throw new AppError('conflict', ACCOUNT_MESSAGES.notInvited);
    if (account.disabled_at) throw new AppError('conflict', ACCOUNT_MESSAGES.inviteDisabled);
    // Read under the account's lock: a double click sends one mail, the second is told to wait.
    const age = await latestInviteAgeSeconds(trx, account.id);
    if (age !== undefined && age < INVITE_RESEND_INTERVAL_SECONDS) {
      const wait = Math.ceil(INVITE_RESEND_INTERVAL_SECONDS - age);
      throw new AppError('rate-limited', ACCOUNT_MESSAGES.inviteResendTooSoon(wait), { retryAfterSeconds: wait });
    }
    await sendInvite(trx, ctx.config, account, actor);
    // A new link for the same account: nothing of the account changed, the entry says it was sent again.
    await recordAudit(trx, by, { action: 'invite', resourceType: 'account', resourceId: account.id, title: accountTitle(account) });
  });
  ctx.log.info({ accountId: input.id }, 'staff invitation sent again');
  return readAccountDetail(ctx.db, input.id);
}
