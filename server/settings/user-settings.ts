import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { UserDb } from '../../db/boundary';
import { userSettings } from '../../db/schema';
import { config } from '../config';

export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone; use an IANA name such as Europe/Berlin or Asia/Shanghai.');

export const updateSettingsSchema = z
  .object({
    timeZone: timeZoneSchema.optional(),
    retentionDays: z
      .union([z.literal(7), z.literal(30), z.literal(90), z.null()], {
        error: 'Retention must be 7, 30 or 90 days, or null to keep messages forever.',
      })
      .optional(),
    memoryEnabled: z.boolean().optional(),
    memoryNotices: z.boolean().optional(),
  })
  .strict();

export interface UserSettings {
  timeZone: string;
  retentionDays: number | null;
  memoryEnabled: boolean;
  /** Issue 15: show what each turn saved or changed under the reply. */
  memoryNotices: boolean;
}

const DEFAULTS: UserSettings = {
  timeZone: 'UTC',
  retentionDays: config.rawLog.retentionDaysDefault,
  memoryEnabled: true,
  memoryNotices: true,
};

/** Settings rows are created lazily: a user without one has the defaults. */
export async function getUserSettings(db: UserDb): Promise<UserSettings> {
  const [row] = await db.run((tx) =>
    tx.select().from(userSettings).where(eq(userSettings.userId, db.userId)).limit(1),
  );
  return row
    ? { timeZone: row.timeZone, retentionDays: row.retentionDays, memoryEnabled: row.memoryEnabled, memoryNotices: row.memoryNotices }
    : DEFAULTS;
}

export async function updateUserSettings(db: UserDb, input: z.infer<typeof updateSettingsSchema>): Promise<UserSettings> {
  const current = await getUserSettings(db);
  const next = { ...current, ...input };
  await db.run((tx) =>
    tx
      .insert(userSettings)
      .values({ userId: db.userId, ...next })
      .onConflictDoUpdate({ target: userSettings.userId, set: { ...next, updatedAt: new Date() } }),
  );
  return next;
}
