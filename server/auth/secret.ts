import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { env } from '../env';

const SECRET_FILE = path.join('.data', 'auth-secret');

/**
 * AUTH_SECRET when set (required for any deployment with more than one instance). Otherwise a
 * random secret generated once and kept in .data/, so a fresh clone signs users in with no
 * configuration and sessions survive restarts.
 */
let resolved: string | undefined;

export function resolveAuthSecret(): string {
  resolved ??= loadOrCreate();
  return resolved;
}

function loadOrCreate(): string {
  const configured = env().AUTH_SECRET;
  if (configured) return configured;
  if (existsSync(SECRET_FILE)) {
    const stored = readFileSync(SECRET_FILE, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(path.dirname(SECRET_FILE), { recursive: true });
  writeFileSync(SECRET_FILE, secret, { mode: 0o600 });
  console.warn(`[auth] AUTH_SECRET is not set: generated one in ${SECRET_FILE}. Set AUTH_SECRET in production.`);
  return secret;
}
