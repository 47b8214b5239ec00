import { sendAccountMail } from '../../account/account-mail';
import { accountMailRequested } from '../../events/contracts';
import { defineJob } from '../define-job';

/**
 * Issue 18: mails a password-reset, verification or new-address link, retried with backoff while
 * the SMTP server refuses; a link that was used or replaced meanwhile is not sent. No lane: a
 * reset link never waits behind someone's extraction.
 */
export const sendAccountMailJob = defineJob({
  id: 'send-account-mail',
  trigger: { event: accountMailRequested },
  retries: 6,
  handler: ({ data, steps }, deps) => sendAccountMail(steps, data, deps.accountMail),
});
