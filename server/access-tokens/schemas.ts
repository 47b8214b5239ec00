/** Inputs and outputs of "Connected apps" (issue 17): personal access tokens for MCP clients. */
import { z } from 'zod';
import { ACCESS_TOKEN_SCOPES } from '../../db/schema/access-tokens';
import { config } from '../config';

export const ACCESS_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const ACCESS_TOKEN_STATES = ['active', 'paused', 'expired', 'revoked'] as const;

// Control characters would garble the activity log line "by <name>" and the settings list.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const appName = z
  .string({ error: 'Give the app a name, e.g. "Claude Desktop".' })
  .trim()
  .min(1, 'Give the app a name, e.g. "Claude Desktop".')
  .max(config.mcp.appNameMaxChars, `An app name is at most ${config.mcp.appNameMaxChars} characters.`)
  .refine((v) => !CONTROL.test(v), 'An app name cannot contain line breaks or control characters.');

export const accessTokenId = z.uuid({ error: 'Token ids are UUIDs.' });
export const accessTokenRef = z.object({ id: accessTokenId }).strict();

export const createAccessTokenInput = z
  .object({
    name: appName,
    scope: z.enum(ACCESS_TOKEN_SCOPES, { error: 'Scope is "read" or "read_write".' }),
    /** Days until it stops working; null: until revoked. */
    expiresInDays: z
      .literal(ACCESS_TOKEN_EXPIRY_DAYS, { error: `Expiry is ${ACCESS_TOKEN_EXPIRY_DAYS.join(', ')} days, or null for none.` })
      .nullable(),
  })
  .strict();

export const setPausedInput = accessTokenRef.extend({ paused: z.boolean({ error: 'paused is true or false.' }) }).strict();

export const accessTokenItem = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters, to tell two apart; never the token. */
  hint: z.string(),
  scope: z.enum(ACCESS_TOKEN_SCOPES),
  state: z.enum(ACCESS_TOKEN_STATES),
  expiresAt: z.date().nullable(),
  lastUsedAt: z.date().nullable(),
  lastClient: z.string().nullable(),
  pausedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
  createdAt: z.date(),
});
export type AccessTokenItem = z.infer<typeof accessTokenItem>;

export const createdAccessToken = z.object({
  /** Shown once: only its hash is stored. */
  token: z.string(),
  item: accessTokenItem,
});

export const appActivityEntry = z.object({
  id: z.string(),
  action: z.string(),
  /** The MCP tool that made it (reads), or null for writes recorded by the memory code. */
  tool: z.string().nullable(),
  memoryId: z.string().nullable(),
  /** For reads: the memories returned, with their text while they still exist. */
  memories: z.array(z.object({ id: z.string(), summary: z.string().nullable() })),
  summary: z.string().nullable(),
  createdAt: z.date(),
});
export const appActivity = z.object({ token: accessTokenItem, entries: z.array(appActivityEntry) });
