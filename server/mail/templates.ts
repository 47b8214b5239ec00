/**
 * The account mails (issue 18) in the two languages the app speaks, as plain text and HTML.
 * Each says what was asked for, the link, how long it works, and what to do if it was not you:
 * a reset mail someone else requested must not alarm or mislead.
 */
import Negotiator from 'negotiator';
import type { AccountTokenPurpose } from '../../db/schema/account-tokens';

export const MAIL_LOCALES = ['en', 'zh'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface Copy {
  subject: string;
  intro: string;
  action: string;
  expiry: (minutes: number) => string;
  notYou: string;
}

const hoursOrMinutes = (minutes: number, locale: MailLocale) => {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return locale === 'zh' ? `${hours} 小时` : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  return locale === 'zh' ? `${minutes} 分钟` : `${minutes} minutes`;
};

const COPY: Record<MailLocale, Record<AccountTokenPurpose, Copy>> = {
  en: {
    password_reset: {
      subject: 'Reset your Mindbase password',
      intro: 'Someone (hopefully you) asked to reset the password of the Mindbase account for this address.',
      action: 'Choose a new password',
      expiry: (m) => `The link works once, for ${hoursOrMinutes(m, 'en')}. Setting a new password signs out every browser signed in to the account.`,
      notYou: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    },
    verify_email: {
      subject: 'Confirm your e-mail address for Mindbase',
      intro: 'Welcome to Mindbase. Please confirm that this address is yours.',
      action: 'Confirm my e-mail address',
      expiry: (m) => `The link works once, for ${hoursOrMinutes(m, 'en')}. You can ask for a new one from the app.`,
      notYou: 'If you did not create a Mindbase account, ignore this mail.',
    },
    change_email: {
      subject: 'Confirm your new e-mail address for Mindbase',
      intro: 'You asked to use this address for your Mindbase account. It takes effect once you confirm it.',
      action: 'Use this address',
      expiry: (m) => `The link works once, for ${hoursOrMinutes(m, 'en')}. Until then your account keeps its current address.`,
      notYou: 'If you did not ask for this, ignore this mail: nothing changes.',
    },
  },
  zh: {
    password_reset: {
      subject: '重置你的 Mindbase 密码',
      intro: '有人（希望是你）请求重置与此邮箱关联的 Mindbase 账户的密码。',
      action: '设置新密码',
      expiry: (m) => `此链接只能使用一次，有效期 ${hoursOrMinutes(m, 'zh')}。设置新密码后，所有已登录该账户的浏览器都会退出登录。`,
      notYou: '如果这不是你本人的操作，请忽略此邮件，你的密码不会改变。',
    },
    verify_email: {
      subject: '确认你在 Mindbase 使用的邮箱地址',
      intro: '欢迎使用 Mindbase。请确认这个邮箱地址属于你。',
      action: '确认我的邮箱地址',
      expiry: (m) => `此链接只能使用一次，有效期 ${hoursOrMinutes(m, 'zh')}。你可以在应用中重新发送。`,
      notYou: '如果你没有注册 Mindbase 账户，请忽略此邮件。',
    },
    change_email: {
      subject: '确认你在 Mindbase 的新邮箱地址',
      intro: '你请求将此地址用作你的 Mindbase 账户邮箱，确认后才会生效。',
      action: '使用这个地址',
      expiry: (m) => `此链接只能使用一次，有效期 ${hoursOrMinutes(m, 'zh')}。在此之前，你的账户仍使用原来的地址。`,
      notYou: '如果这不是你本人的操作，请忽略此邮件，账户不会有任何改变。',
    },
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function renderAccountMail(purpose: AccountTokenPurpose, locale: MailLocale, vars: { link: string; minutes: number }): MailContent {
  const copy = COPY[locale][purpose];
  const expiry = copy.expiry(vars.minutes);
  const text = [copy.intro, '', `${copy.action}:`, vars.link, '', expiry, '', copy.notYou, '', '— Mindbase', ''].join('\n');
  const link = escapeHtml(vars.link);
  const html = [
    `<!doctype html><html lang="${locale === 'zh' ? 'zh-CN' : 'en'}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2328">`,
    `<p>${escapeHtml(copy.intro)}</p>`,
    `<p><a href="${link}" style="display:inline-block;padding:10px 16px;background:#1f6feb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(copy.action)}</a></p>`,
    `<p style="font-size:13px;color:#57606a">${escapeHtml(expiry)}<br>${link}</p>`,
    `<p style="font-size:13px;color:#57606a">${escapeHtml(copy.notYou)}</p>`,
    `<p>— Mindbase</p></body></html>`,
  ].join('\n');
  return { subject: copy.subject, text, html };
}

/** The language of a mail from the request's Accept-Language: Chinese when preferred over English. */
export function mailLocale(acceptLanguage: string | null | undefined): MailLocale {
  const preferred = new Negotiator({ headers: { 'accept-language': acceptLanguage ?? 'en' } }).language([...MAIL_LOCALES]);
  return preferred === 'zh' ? 'zh' : 'en';
}
