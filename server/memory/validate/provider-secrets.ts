/**
 * Provider tokens by a maintained detector (issue 14): secretlint's recommended preset knows the
 * exact shapes of dozens of providers' keys (Slack, GitHub, SendGrid, npm, Shopify, Linear,
 * 1Password, database connection strings with a password, basic-auth URLs, private keys, …) and
 * is kept up to date by people who track those formats. Our own rules (secrets.ts) stay for what
 * no token detector sees: passwords and PINs said in words, recovery phrases, spaced-out keys,
 * cards and ID numbers. secretlint is asynchronous, so the writers that store user text call
 * `findAllSecrets` / `maskAllSecrets` here; `findSecrets` stays synchronous for the cheap checks.
 */
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { findSecrets, maskSpans, secretValues, type SecretKind, type SecretMatch } from './secrets';

const CONFIG = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] };

/** The shortest text worth handing to secretlint: no provider token is shorter. */
const MIN_LENGTH = 16;

function kindOf(ruleId: string): SecretKind {
  if (ruleId.includes('privatekey')) return 'private_key';
  if (ruleId.includes('basicauth') || ruleId.includes('database-connection-string')) return 'password';
  return 'api_key';
}

/** Provider tokens in `text`, by position, as secretlint's recommended rules find them. */
export async function providerSecrets(text: string): Promise<SecretMatch[]> {
  if (text.length < MIN_LENGTH) return [];
  const result = await lintSource({
    source: { filePath: 'message.txt', content: text, ext: '.txt', contentType: 'text' },
    options: { config: CONFIG, maskSecrets: true, noPhysicFilePath: true },
  });
  return result.messages.map((message) => ({ kind: kindOf(message.ruleId), start: message.range[0], end: message.range[1] }));
}

/** Every secret in `text`: our rules and the provider detector's, by position. */
export async function findAllSecrets(text: string): Promise<SecretMatch[]> {
  const [ours, providers] = [findSecrets(text), await providerSecrets(text)];
  return [...ours, ...providers].sort((a, b) => a.start - b.start || b.end - a.end);
}

/** `text` with every secret either detector finds replaced by "[redacted]". */
export async function maskAllSecrets(text: string): Promise<string> {
  return maskSpans(text, await findAllSecrets(text));
}

/** Does `text` hold a secret by either detector? */
export async function holdsSecret(text: string): Promise<boolean> {
  return findSecrets(text).length > 0 || (await providerSecrets(text)).length > 0;
}

/**
 * The provider tokens in these messages, as values (for validateExtracted's knownSecrets): the
 * synchronous rules cannot run secretlint, so its findings are looked up before validation.
 */
export async function providerSecretValues(texts: readonly string[]): Promise<string[]> {
  const found = await Promise.all(texts.map(async (text) => secretValues(text, await providerSecrets(text))));
  return [...new Set(found.flat())];
}

/** The secret values the user typed in `message`, longest first, for masking what repeats them. */
export async function secretValuesIn(message: string): Promise<string[]> {
  return secretValues(message, await findAllSecrets(message));
}
