/** The process's mailer, from the environment (README: Configuration); process-wide like server/database.ts. */
import path from 'node:path';
import { DEFAULT_PGLITE_DIR } from '../database';
import { env } from '../env';
import { createMailer, type Mailer } from './mailer';

const DEFAULT_FROM = 'Mindbase <no-reply@mindbase.invalid>';

/** Without SMTP_URL: MAIL_DIR, or `mail/` beside the embedded database (`.data/mail` by default). */
export function mailDir(): string {
  const e = env();
  return path.resolve(/*turbopackIgnore: true*/ e.MAIL_DIR ?? path.join(path.dirname(e.PGLITE_DATA_DIR ?? DEFAULT_PGLITE_DIR), 'mail'));
}

let mailer: Mailer | undefined;

export function appMailer(): Mailer {
  const e = env();
  mailer ??= createMailer({ smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? DEFAULT_FROM, dir: mailDir() });
  return mailer;
}
