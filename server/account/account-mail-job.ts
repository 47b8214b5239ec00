/** The account-mail job body on the app database and the configured mailer (in-process and Inngest). */
import { withUserInBackground } from '../../db';
import { resolveAuthSecret } from '../auth/secret';
import type { Steps } from '../steps';
import { appMailer } from '../mail/production';
import { sendAccountMail } from './account-mail';
import { accountTokenKey } from './account-tokens';

export const accountMailBody = (steps: Steps, data: unknown) =>
  sendAccountMail(steps, data, { withUser: withUserInBackground, mailer: appMailer(), tokenKey: accountTokenKey(resolveAuthSecret()) });
