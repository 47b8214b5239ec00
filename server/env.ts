/**
 * The one typed view of the process environment. Every variable is optional: with none set,
 * Mindbase runs on embedded defaults (PGlite under .data/, the offline model, in-process jobs).
 * Imported by drizzle.config.ts and scripts too, so it must not import `server-only`.
 */
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: optionalString.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'must be a postgres:// or postgresql:// connection URL',
  ),
  /** Where the embedded PGlite database lives when DATABASE_URL is unset. */
  PGLITE_DATA_DIR: optionalString,
  AUTH_SECRET: optionalString.refine(
    (v) => v === undefined || v.length >= 32,
    'must be at least 32 characters (generate one with `openssl rand -base64 32`)',
  ),
  AUTH_URL: optionalString,
  /**
   * Issue 17: the server-side secret mixed into the hash of every personal access token
   * (server/access-tokens/token-secret.ts). Unset: derived from AUTH_SECRET. Changing it
   * invalidates every token.
   */
  TOKEN_PEPPER: optionalString.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters (generate one with `openssl rand -base64 32`)'),
  AUTH_GITHUB_ID: optionalString,
  AUTH_GITHUB_SECRET: optionalString,
  AUTH_GOOGLE_ID: optionalString,
  AUTH_GOOGLE_SECRET: optionalString,
  // provider:model specs; validated with model-specific messages by server/llm/model-spec.ts.
  CHAT_MODEL: optionalString,
  EXTRACTION_MODEL: optionalString,
  EMBEDDING_MODEL: optionalString,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString,
  LLM_BASE_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\//.test(v),
    'must be an http(s):// URL, e.g. http://localhost:11434/v1 for Ollama',
  ),
  LLM_API_KEY: optionalString,
  /** Memory tools for a real chat model; `off` for an OpenAI-compatible server without tool calls. */
  CHAT_MEMORY_TOOLS: z.enum(['on', 'off'], { error: 'must be "on" or "off"' }).default('on'),
  /** `off`: never send a JSON schema to the compatible server (it is dropped after a refusal anyway). */
  LLM_STRUCTURED_OUTPUTS: z.enum(['on', 'off'], { error: 'must be "on" or "off"' }).default('on'),
  /** `chat`: the OpenAI provider uses chat completions (for OPENAI_BASE_URL servers without /responses). */
  OPENAI_API_MODE: z.enum(['responses', 'chat'], { error: 'must be "responses" or "chat"' }).default('responses'),
  /** Milliseconds between the offline model's streamed chunks (default config.llm.offlineChunkDelayMs). */
  OFFLINE_MODEL_CHUNK_DELAY_MS: optionalString
    .refine((v) => v === undefined || /^\d{1,4}$/.test(v), 'must be a whole number of milliseconds, e.g. 15')
    .transform((v) => (v === undefined ? undefined : Number(v))),
  /** Issue 18: outgoing mail. `smtp://user:pass@host:587` or `smtps://…:465`; unset → .eml files under MAIL_DIR. */
  SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.com:465'),
  /** The From of account mail, e.g. `Mindbase <no-reply@example.com>`. */
  MAIL_FROM: optionalString,
  /** Where mail goes without SMTP_URL; default: `mail/` beside the embedded database (.data/mail). */
  MAIL_DIR: optionalString,
  /** `true`: chat waits until the account's e-mail address is verified. */
  AUTH_REQUIRE_VERIFIED_EMAIL: z.enum(['true', 'false'], { error: 'must be "true" or "false"' }).default('false').transform((v) => v === 'true'),
  INNGEST_EVENT_KEY: optionalString,
  INNGEST_SIGNING_KEY: optionalString,
  INNGEST_DEV: optionalString,
  INNGEST_BASE_URL: optionalString,
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for every variable.`);
    this.name = 'EnvError';
  }
}

/** Parses an environment record; throws one error listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const env = result.data;
  const pairs: [keyof Env, keyof Env][] = [
    ['AUTH_GITHUB_ID', 'AUTH_GITHUB_SECRET'],
    ['AUTH_GOOGLE_ID', 'AUTH_GOOGLE_SECRET'],
  ];
  const missing = pairs
    .filter(([a, b]) => Boolean(env[a]) !== Boolean(env[b]))
    .map(([a, b]) => `${env[a] ? b : a}: required when ${env[a] ? a : b} is set`);
  // A mailed link's origin must not come from the request's Host header, which anyone can set
  // (reset-link poisoning): with real delivery the public origin is required.
  if (env.SMTP_URL && !env.AUTH_URL) missing.push('AUTH_URL: required when SMTP_URL is set (the origin of links in mail)');
  if (missing.length > 0) throw new EnvError(missing);
  return env;
}

let cached: Env | undefined;

/** The validated environment of this process (parsed once, fails fast on first use). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
