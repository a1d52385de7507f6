import {
  changePasswordInputSchema,
  loginInputSchema,
  otpVerificationInputSchema,
  recoveryChannelInputSchema,
  recoveryExecuteInputSchema,
  recoveryInitiateInputSchema,
  registerInputSchema,
  socialAuthInputSchema,
} from '../../shared/auth/auth.schema.ts';
import { acceptInviteInputSchema, inviteTokenInputSchema } from '../../shared/auth/accounts.schema.ts';
import { router, publicProcedure, authedProcedure } from '../trpc/trpc.ts';
import { acceptInvite, checkInvite } from './invite-acceptance.service.ts';
import * as auth from './auth.service.ts';
import { changePassword } from './password-change.service.ts';
import * as recovery from './recovery.service.ts';

export const authRouter = router({
  /** The console asks at start; signed out answers null rather than an error. */
  me: publicProcedure.query(({ ctx }) => auth.currentUserOrNull(ctx)),
  register: publicProcedure.input(registerInputSchema).mutation(({ ctx, input }) => auth.register(ctx, input)),
  login: publicProcedure.input(loginInputSchema).mutation(({ ctx, input }) => auth.login(ctx, input)),
  logout: authedProcedure.mutation(({ ctx }) => auth.logout(ctx)),
  changePassword: authedProcedure.input(changePasswordInputSchema).mutation(({ ctx, input }) => changePassword(ctx, input)),
  socialAuthentication: publicProcedure.input(socialAuthInputSchema).mutation(({ ctx, input }) => auth.socialAuthenticate(ctx, input)),
  invites: router({
    check: publicProcedure.input(inviteTokenInputSchema).mutation(({ ctx, input }) => checkInvite(ctx, input)),
    accept: publicProcedure.input(acceptInviteInputSchema).mutation(({ ctx, input }) => acceptInvite(ctx, input)),
  }),
  recovery: router({
    initiate: publicProcedure.input(recoveryInitiateInputSchema).mutation(({ ctx, input }) => recovery.initiate(ctx, input)),
    channel: publicProcedure.input(recoveryChannelInputSchema).mutation(({ ctx, input }) => recovery.sendCode(ctx, input)),
    verifyOtp: publicProcedure.input(otpVerificationInputSchema).mutation(({ ctx, input }) => recovery.verifyCode(ctx, input)),
    execute: publicProcedure.input(recoveryExecuteInputSchema).mutation(({ ctx, input }) => recovery.resetPassword(ctx, input)),
  }),
});
