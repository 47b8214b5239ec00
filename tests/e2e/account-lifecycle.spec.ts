/**
 * Issue 18 in the built app on the embedded default (no SMTP_URL): mail is written as .eml files
 * beside the test server's database (`.data/e2e/mail`, server/mail/app-mailer.ts). Forgot
 * password → the link from the captured mail → a new password → the other browser is signed
 * out; the account page's session list, "sign out" per session and "sign out everywhere".
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { PASSWORD, settled, signIn, signUp, uniqueEmail } from './helpers';

// playwright.config.ts puts each run's database in .data/e2e/<pid>; mail goes to `mail/` beside it.
const MAIL_DIR = path.join('.data', 'e2e', 'mail');
const NEW_PASSWORD = 'marble otter lantern 57';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The link in the newest `kind` mail to `to`, or null while it has not been written. */
async function linkInMail(to: string, kind: 'password-reset' | 'verify-email'): Promise<string | null> {
  const names = (await readdir(MAIL_DIR).catch(() => [] as string[])).filter((name) => name.includes(kind)).sort().reverse();
  for (const name of names) {
    const mail = await simpleParser(await readFile(path.join(MAIL_DIR, name)));
    const recipient = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
    if (recipient === to) return /https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? null;
  }
  return null;
}

async function waitForLink(to: string, kind: 'password-reset' | 'verify-email'): Promise<string> {
  let link: string | null = null;
  await expect.poll(async () => (link = await linkInMail(to, kind)), { message: `${kind} mail for ${to}` }).not.toBeNull();
  return link ?? '';
}

async function signedInBrowser(browser: Browser, email: string, userAgent?: string): Promise<Page> {
  const page = await (await browser.newContext(userAgent ? { userAgent } : {})).newPage();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/chat/);
  return page;
}

test('forgot password: the mailed link sets a new password once and signs the other browser out', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('forgot');
  await signUp(page, email);
  const other = await signedInBrowser(browser, email);

  const forgetful = await (await browser.newContext()).newPage();
  await forgetful.goto('/sign-in');
  await settled(forgetful);
  await forgetful.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(forgetful).toHaveURL(/\/forgot-password/);
  await settled(forgetful);
  await forgetful.getByLabel('E-mail').fill('not an address');
  await forgetful.getByRole('button', { name: 'Send me a link' }).click();
  await expect(forgetful.locator('#email-error')).toBeVisible();
  await expect(forgetful.getByLabel('E-mail')).toHaveValue('not an address');
  await forgetful.getByLabel('E-mail').fill(email);
  await forgetful.getByRole('button', { name: 'Send me a link' }).click();
  await expect(forgetful.getByTestId('reset-sent')).toContainText('If an account uses that address');

  const link = await waitForLink(email, 'password-reset');
  await forgetful.goto(link);
  await settled(forgetful);
  await expect(forgetful.getByText(`Choose a new password for ${email}`)).toBeVisible();
  await forgetful.getByLabel('New password').fill('password1');
  await forgetful.getByRole('button', { name: 'Set new password' }).click();
  await expect(forgetful.locator('#password-error')).toHaveText(/too easy to guess/i);
  await forgetful.getByLabel('New password').fill(NEW_PASSWORD);
  await forgetful.getByRole('button', { name: 'Set new password' }).click();
  await expect(forgetful).toHaveURL(/\/sign-in\?notice=password-reset/);
  await expect(forgetful.getByTestId('auth-notice')).toContainText('every browser was signed out');

  // Both browsers that were signed in are out.
  for (const signedOut of [page, other]) {
    await signedOut.goto('/chat');
    await expect(signedOut).toHaveURL(/\/sign-in/);
  }
  await signIn(forgetful, email, PASSWORD);
  await expect(forgetful.getByText('Invalid e-mail or password.')).toBeVisible();
  await signIn(forgetful, email, NEW_PASSWORD);
  await expect(forgetful).toHaveURL(/\/chat/);

  // The link worked once.
  await forgetful.goto(link);
  await expect(forgetful.getByTestId('link-problem')).toContainText('already been used');
  await expect(forgetful.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password');
  // A forged one says so too, and changes nothing.
  await forgetful.goto(link.replace(/token=[^&]+/, `token=${'A'.repeat(43)}`));
  await expect(forgetful.getByTestId('link-problem')).toContainText('not valid');
});

test('the account page lists sessions, signs one out, then signs out everywhere', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('sessions');
  await signUp(page, email);
  const phone = await signedInBrowser(browser, email, IPHONE);

  await page.goto('/settings/account');
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(page.locator('[data-testid="session-row"][data-current="true"]')).toContainText('this browser');
  const phoneRow = rows.filter({ hasText: 'Safari 17 on iOS' });
  await expect(phoneRow).toHaveCount(1);
  await phoneRow.getByRole('button', { name: 'Sign out' }).click();
  await expect(rows).toHaveCount(1);
  await phone.goto('/chat');
  await expect(phone).toHaveURL(/\/sign-in/);

  await signIn(phone, email);
  await expect(phone).toHaveURL(/\/chat/);
  await page.reload();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/sign-in\?notice=signed-out-everywhere/);
  await phone.goto('/chat');
  await expect(phone).toHaveURL(/\/sign-in/);
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('the sign-up mail confirms the address', async ({ page }) => {
  const email = uniqueEmail('verify');
  await signUp(page, email);
  await page.goto('/settings/account');
  await expect(page.getByTestId('email-status')).toContainText('not confirmed yet');
  await page.goto(await waitForLink(email, 'verify-email'));
  await settled(page);
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(page.getByTestId('email-confirmed')).toContainText(`${email} is confirmed`);
  await page.goto('/settings/account');
  await expect(page.getByTestId('email-status')).toContainText(`${email} · confirmed`);
});
