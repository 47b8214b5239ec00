/**
 * Outgoing mail (issue 18) through nodemailer: SMTP when SMTP_URL is set; otherwise each message
 * is written as an .eml file (nodemailer's stream transport builds the same MIME message SMTP
 * would carry), so the embedded default needs no mail server and a person can still open the
 * link. Sending happens in a background job (server/account/account-mail.ts), never in a request.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A short name for the file in embedded mode (`password-reset`). */
  kind: string;
  /** The link the mail carries: logged in embedded mode, so it can be used without opening a file. */
  link: string;
}

export type Delivery = { via: 'smtp'; messageId: string } | { via: 'file'; file: string };

export interface Mailer {
  readonly mode: 'smtp' | 'file';
  /** Throws when the message was not accepted (the job retries). */
  send(mail: OutgoingMail): Promise<Delivery>;
}

export interface MailerOptions {
  from: string;
  /** smtp:// or smtps:// (env SMTP_URL); unset → files in `dir`. */
  smtpUrl?: string;
  dir: string;
  log?: (line: string) => void;
}

export function createMailer(options: MailerOptions): Mailer {
  const log = options.log ?? ((line) => console.info(line));
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: 'smtp',
      async send(mail) {
        const info = await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        return { via: 'smtp', messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'file',
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      const message = info.message;
      if (!Buffer.isBuffer(message)) throw new Error('mail: the stream transport returned no buffer');
      await mkdir(options.dir, { recursive: true, mode: 0o700 });
      // Sortable by time; the random part keeps two mails in one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.kind}-${crypto.randomUUID().slice(0, 8)}.eml`;
      const file = path.join(options.dir, name);
      // Owner-only: the file holds a working sign-in link.
      await writeFile(file, message, { mode: 0o600 });
      log(`[mail] no SMTP_URL: ${mail.kind} mail for ${mail.to} written to ${file} — link: ${mail.link}`);
      return { via: 'file', file };
    },
  };
}
