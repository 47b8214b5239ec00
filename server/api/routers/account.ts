import 'server-only';
import { z } from 'zod';
import { deleteAccount, deleteAccountInput } from '../../account/delete-account';
import { getProfile } from '../../account/get-profile';
import { getUserSettings, updateSettingsSchema, updateUserSettings } from '../../settings/user-settings';
import { createRouter, protectedProcedure } from '../trpc';

const settingsOutput = z.object({
  timeZone: z.string(),
  retentionDays: z.number().nullable(),
  memoryEnabled: z.boolean(),
  memoryNotices: z.boolean(),
});

export const accountRouter = createRouter({
  me: protectedProcedure
    .output(z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable(), createdAt: z.date() }))
    .query(({ ctx }) => getProfile(ctx.db)),
  settings: protectedProcedure.output(settingsOutput).query(({ ctx }) => getUserSettings(ctx.db)),
  updateSettings: protectedProcedure
    .input(updateSettingsSchema)
    .output(settingsOutput)
    .mutation(({ ctx, input }) => updateUserSettings(ctx.db, input)),
  /**
   * Removes every row of the caller in every table: gone for the user at once, swept in chunks by
   * a background job (server/bulk/run-erasure.ts); the client signs out afterwards.
   */
  deleteAccount: protectedProcedure
    .input(deleteAccountInput)
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => deleteAccount(ctx.db, input, ctx.jobs)),
});
