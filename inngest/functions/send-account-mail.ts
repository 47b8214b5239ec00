import { accountMailBody } from '../../server/account/account-mail-job';
import { inngest } from '../client';
import { accountMailRequested } from '../../server/events/contracts';
import { inngestEventType } from '../events';

/**
 * Issue 18: mails a password-reset, verification or new-address link. Retried with Inngest's
 * backoff while the SMTP server refuses; a link that was used or replaced meanwhile is not sent.
 */
export const sendAccountMailFunction = inngest.createFunction(
  { id: 'send-account-mail', triggers: [inngestEventType(accountMailRequested)], retries: 6 },
  async ({ event, step }) => accountMailBody(step, event.data),
);
