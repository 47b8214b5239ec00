/**
 * Issue 18, the account page: verification status and resend, change of address and of
 * password, and the signed-in sessions. Each procedure is one call into server/account/.
 */
import 'server-only';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { changeEmailInput, requestEmailChange } from '../../account/change-email';
import { changePassword, changePasswordInput } from '../../account/change-password';
import { resendVerification } from '../../account/email-verification';
import { emailStatus } from '../../auth/email-status';
import { listSessions, revokeAllSessions, revokeSession, sessionIdInput } from '../../account/user-sessions';
import { createRouter, protectedProcedure, type Context } from '../trpc';

const emailStatusOutput = z.object({ email: z.string().nullable(), verified: z.boolean(), pendingEmail: z.string().nullable() });

const sessionOutput = z.object({ id: z.string(), device: z.string(), signedInAt: z.date(), lastSeenAt: z.date(), current: z.boolean() });

function account(ctx: Context): NonNullable<Context['account']> {
  if (!ctx.account) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Account services are not wired for this request.' });
  return ctx.account;
}

export const accountSecurityRouter = createRouter({
  emailStatus: protectedProcedure.output(emailStatusOutput).query(({ ctx }) => emailStatus(ctx.db)),
  resendVerification: protectedProcedure
    .output(z.object({ status: z.enum(['sent', 'already_verified']), email: z.string().nullable() }))
    .mutation(({ ctx }) => resendVerification(ctx.db, account(ctx).deps, account(ctx).request)),
  /** Mails a link to the new address; the account's address changes when it is opened. */
  requestEmailChange: protectedProcedure
    .input(changeEmailInput)
    .output(z.object({ pendingEmail: z.string() }))
    .mutation(({ ctx, input }) => requestEmailChange(ctx.db, account(ctx).deps, input, account(ctx).request)),
  /** Every other session ends; this one stays signed in. */
  changePassword: protectedProcedure
    .input(changePasswordInput)
    .output(z.object({ otherSessionsEnded: z.number() }))
    .mutation(({ ctx, input }) => changePassword(ctx.db, account(ctx).deps, input, ctx.user.sessionId ?? null)),
  sessions: protectedProcedure.output(z.array(sessionOutput)).query(({ ctx }) => listSessions(ctx.db, ctx.user.sessionId ?? null)),
  revokeSession: protectedProcedure
    .input(sessionIdInput)
    .output(z.object({ ended: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await revokeSession(ctx.db, input.id);
      return { ended: true as const };
    }),
  /** Every session, this one included: the client signs out afterwards. */
  signOutEverywhere: protectedProcedure
    .output(z.object({ ended: z.number() }))
    .mutation(async ({ ctx }) => ({ ended: await revokeAllSessions(ctx.db) })),
});
