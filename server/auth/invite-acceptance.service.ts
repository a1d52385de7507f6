import type { z } from 'zod';
import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import { ACCOUNT_MESSAGES, type acceptInviteInputSchema, type inviteTokenInputSchema } from '../../shared/auth/accounts.schema.ts';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { consumeRateLimit } from '../rate-limit/rate-limit.service.ts';
import { consumeOpenInvites, findInvite, lockInvite, markInviteUsed, setInitialPassword, type InviteRow } from './invites.repository.ts';
import { addressRule } from './auth.limits.ts';
import { hashPassword } from './password.ts';
import { hashOtpToken } from './recovery.tokens.ts';

/** Why an invitation link cannot be used, or undefined when it can. */
function refusalOf(invite: InviteRow | undefined): AppError | undefined {
  if (!invite) return new AppError('validation', ACCOUNT_MESSAGES.inviteInvalid, { field: 'token' });
  if (invite.disabled_at) return new AppError('forbidden', MESSAGES.accountDisabled);
  if (invite.consumed_at) return new AppError('validation', ACCOUNT_MESSAGES.inviteUsed, { field: 'token' });
  if (invite.expired) return new AppError('validation', ACCOUNT_MESSAGES.inviteExpired, { field: 'token' });
  return undefined;
}

/** Tokens are guessed from one address as recovery codes are: the same per-address budget. */
const limitByAddress = (ctx: RequestContext) => consumeRateLimit(ctx.db, addressRule('recovery', ctx.ip));

/** POST /api/auth/invites/check: whom a link invites, so the page can greet them before they choose a password. */
export async function checkInvite(ctx: RequestContext, input: z.output<typeof inviteTokenInputSchema>): Promise<{ name: string; emailAddress: string }> {
  await limitByAddress(ctx);
  const invite = await findInvite(ctx.db, hashOtpToken(input.token));
  const refusal = refusalOf(invite);
  if (refusal) throw refusal;
  return { name: invite!.name, emailAddress: invite!.email_address ?? '' };
}

/**
 * POST /api/auth/invites/accept: sets the invited account's first password and uses the link up.
 * The link and its account are locked while this runs, so two uses of one link (a double click,
 * two tabs) set one password and the second is told the link was used.
 */
export async function acceptInvite(ctx: RequestContext, input: z.output<typeof acceptInviteInputSchema>): Promise<{ status: 'success'; emailAddress: string }> {
  await limitByAddress(ctx);
  const tokenHash = hashOtpToken(input.token);
  const precheck = refusalOf(await findInvite(ctx.db, tokenHash));
  if (precheck) throw precheck;
  const passwordHash = await hashPassword(input.newPassword);
  const emailAddress = await ctx.db.transaction().execute(async (trx) => {
    const invite = await lockInvite(trx, tokenHash);
    const refusal = refusalOf(invite);
    if (refusal) throw refusal;
    await setInitialPassword(trx, invite!.user_id, passwordHash);
    await markInviteUsed(trx, invite!.id);
    await consumeOpenInvites(trx, invite!.user_id);
    return invite!.email_address ?? '';
  });
  return { status: 'success', emailAddress };
}
