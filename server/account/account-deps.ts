/**
 * What the account-lifecycle functions (issue 18) need besides a user handle: the system-role
 * door (links are opened before anyone is signed in), the link key, the limits, and how an
 * enqueued mail reaches the background after the transaction commits. Injected, so tests run
 * the same functions on their own database with a real SMTP server behind the dispatcher.
 */
import type { WithSystem } from '../../db/boundary';
import type { OutboxRow } from '../events/outbox';
import type { MailLocale } from '../mail/templates';
import type { Limiter } from '../ratelimit/limiter';

export interface AccountDeps {
  withSystem: WithSystem;
  /** account-tokens.ts accountTokenKey() */
  tokenKey: string;
  /** Called after commit with the mail's outbox row; must not throw (the sweeper retries). */
  dispatch: (row: OutboxRow) => void | Promise<void>;
  limits: { resetAccount: Limiter; resetAddress: Limiter; accountChanges: Limiter };
  now?: () => Date;
}

/** Where the request came from: what a mailed link points at, its language, the limited address. */
export interface RequestContext {
  origin: string;
  locale: MailLocale;
  address: string;
}
