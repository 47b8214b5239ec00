/**
 * A real SMTP server in the test process (smtp-server, from the nodemailer project) that keeps
 * every message it accepts, parsed by mailparser, and the account wiring (issue 18) on a test
 * database whose mail goes to it through the real outbox, in-process provider and nodemailer SMTP transport.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AccountDeps } from '@/server/account/account-deps';
import { accountTokenKey } from '@/server/account/account-tokens';
import type { OutboxRow } from '@/server/events/outbox';
import { createDispatcher, deliverInProcess } from '@/server/jobs/dispatch';
import { createMailer, type Mailer } from '@/server/mail/mailer';
import { createAppLimiters } from '@/server/ratelimit/limiters';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './db';
import { testJobs } from './jobs';

export interface Inbox {
  url: string;
  messages: ParsedMail[];
  /** Messages to `address`, oldest first. */
  to(address: string): ParsedMail[];
  /** The next `n` deliveries are refused with a temporary 451 (the job must retry). */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

export async function startInbox(): Promise<Inbox> {
  const messages: ParsedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 })));
        return;
      }
      // Accepted only once parsed and kept: when sendMail resolves, the message is in `messages`.
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to: (address) => messages.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.value.some((v) => v.address === address))),
    refuseNext: (n) => {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

export const TEST_AUTH_SECRET = 'account-lifecycle-test-secret-0123456789';

/**
 * AccountDeps on `t` whose mail goes through the outbox row, the in-process provider (the
 * registry's send-account-mail job, its retries without waiting) and `mailer`.
 * `dispatch` runs the job before returning (tests read the inbox right after), unless `hold` is
 * set: then rows wait in `held` until `flush()`.
 */
export function testAccount(t: TestDatabase, mailer: Mailer, options: { now?: () => Date } = {}) {
  const tokenKey = accountTokenKey(TEST_AUTH_SECRET);
  const { provider } = testJobs(t, { accountMail: { withUser: t.withUser, mailer, tokenKey, now: options.now } });
  const dispatcher = createDispatcher(t.withUser, deliverInProcess(provider));
  const limiters = createAppLimiters(t.db, { purge: false });
  const held: OutboxRow[] = [];
  let hold = false;
  const deps: AccountDeps = {
    withSystem: t.withSystem,
    tokenKey,
    dispatch: async (row) => {
      if (hold) held.push(row);
      else await dispatcher.dispatch(row);
    },
    limits: { resetAccount: limiters.passwordResetAccount, resetAddress: limiters.passwordResetAddress, accountChanges: limiters.accountChanges },
    now: options.now,
  };
  return {
    deps,
    dispatcher,
    tokenKey,
    held,
    setHold(value: boolean) {
      hold = value;
    },
    async flush() {
      for (const row of held.splice(0)) await dispatcher.dispatch(row);
    },
  };
}

export function smtpMailer(inbox: Inbox): Mailer {
  return createMailer({ smtpUrl: inbox.url, from: 'Mindbase <no-reply@test.mindbase.dev>', dir: '/nonexistent' });
}

/** The first link to this app in a mail's plain text. */
export function linkIn(mail: ParsedMail): URL {
  const match = /https?:\/\/\S+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no link in mail "${mail.subject ?? ''}"`);
  return new URL(match[0]);
}

let n = 0;
export const testEmail = (label: string) => `${label}-${Date.now()}-${(n += 1)}@lifecycle.mindbase.dev`;
/** A fresh documentation-range address per call, so tests never share a per-address limit. */
export const testAddress = () => `203.0.113.${(n += 1) % 250}`;

/**
 * A fresh database and SMTP inbox for the file, with the account wiring between them. Fields are
 * filled in beforeAll; read them inside tests.
 */
export function useMailTestBed() {
  const bed = {} as { t: TestDatabase; inbox: Inbox; account: ReturnType<typeof testAccount> };
  beforeAll(async () => {
    bed.t = await createTestDatabase('pglite');
    bed.inbox = await startInbox();
    bed.account = testAccount(bed.t, smtpMailer(bed.inbox));
  });
  afterAll(async () => {
    await bed.inbox?.close();
    await bed.t?.close();
  });
  return bed;
}
