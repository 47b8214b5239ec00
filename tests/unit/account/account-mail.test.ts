import { describe, expect, it } from 'vitest';
import { ACCOUNT_TOKEN_PURPOSES } from '@/db/schema/account-tokens';
import { accountLink } from '@/server/account/account-mail';
import { accountTokenKey, hashToken, tokenForId, tokenSchema } from '@/server/account/account-tokens';
import { requestContext } from '@/server/account/request-context';
import { EnvError, parseEnv } from '@/server/env';
import { MAIL_LOCALES, mailLocale, renderAccountMail } from '@/server/mail/templates';

describe('account mail templates', () => {
  it.each(MAIL_LOCALES.flatMap((locale) => ACCOUNT_TOKEN_PURPOSES.map((purpose) => [locale, purpose] as const)))(
    '%s %s has a subject, the link in text and HTML, and its lifetime',
    (locale, purpose) => {
      const link = 'http://localhost:3000/reset-password?token=abc&x=1';
      const mail = renderAccountMail(purpose, locale, { link, minutes: 30 });
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain('token=abc&amp;x=1');
      expect(mail.text).toMatch(locale === 'zh' ? /30 分钟/ : /30 minutes/);
      if (locale === 'zh') expect(mail.text).toMatch(/[\u4e00-\u9fff]/);
    },
  );

  it('escapes what goes into the HTML', () => {
    const mail = renderAccountMail('verify_email', 'en', { link: 'http://x.test/"><script>alert(1)</script>', minutes: 60 });
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('1 hour');
  });

  it.each([
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['en-US,en;q=0.9,zh;q=0.5', 'en'],
    ['zh-TW', 'zh'],
    ['fr-FR', 'en'],
    [null, 'en'],
  ])('picks the language of %j: %s', (header, locale) => {
    expect(mailLocale(header)).toBe(locale);
  });
});

describe('account links', () => {
  it('derive their token from the row id with the server key, and store only its hash', () => {
    const key = accountTokenKey('a-secret-of-at-least-thirty-two-characters');
    const id = crypto.randomUUID();
    const token = tokenForId(key, id);
    expect(tokenSchema.safeParse(token).success).toBe(true);
    expect(tokenForId(key, id)).toBe(token);
    expect(tokenForId(accountTokenKey('another-secret-of-thirty-two-characters!'), id)).not.toBe(token);
    expect(hashToken(token)).not.toBe(token);
    expect(accountLink('https://mind.example', 'change_email', token)).toBe(`https://mind.example/verify-email?token=${token}`);
  });

  it('point at AUTH_URL when set, else at the request host; an unparsable host falls back', () => {
    const headers = new Headers({ host: 'evil.test', 'accept-language': 'zh-CN' });
    expect(requestContext(headers, 'https://mind.example/app')).toMatchObject({ origin: 'https://mind.example', locale: 'zh' });
    expect(requestContext(headers, undefined).origin).toBe('http://evil.test');
    expect(requestContext(new Headers({ host: 'bad host/<>' }), undefined).origin).toBe('http://localhost:3000');
  });
});

describe('mail configuration', () => {
  it('defaults to no SMTP and no verification gate', () => {
    const defaults = parseEnv({});
    expect(defaults.SMTP_URL).toBeUndefined();
    expect(defaults.AUTH_REQUIRE_VERIFIED_EMAIL).toBe(false);
    expect(parseEnv({ AUTH_REQUIRE_VERIFIED_EMAIL: 'true' }).AUTH_REQUIRE_VERIFIED_EMAIL).toBe(true);
  });

  it('needs AUTH_URL with SMTP_URL (links must not take their origin from a Host header), and checks the values', () => {
    expect(() => parseEnv({ SMTP_URL: 'smtp://mail.example:587' })).toThrow(/AUTH_URL: required when SMTP_URL is set/);
    expect(parseEnv({ SMTP_URL: 'smtps://u:p@mail.example:465', AUTH_URL: 'https://mind.example' }).SMTP_URL).toBe('smtps://u:p@mail.example:465');
    const error = (() => {
      try {
        parseEnv({ SMTP_URL: 'http://mail.example', AUTH_REQUIRE_VERIFIED_EMAIL: 'yes' });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^SMTP_URL: must be an smtp/), expect.stringMatching(/^AUTH_REQUIRE_VERIFIED_EMAIL: must be "true" or "false"/)]),
    );
  });
});
