import { expect, test } from '@playwright/test';
import { PASSWORD, settled, signIn, signUp, uniqueEmail } from './helpers';

test('protected pages redirect to sign-in and come back afterwards', async ({ page }) => {
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fchat/);
  const email = uniqueEmail('redirect');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/sign-up/);
  await settled(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/chat$/);
});

test('the sidebar shows the name given at sign-up (e-mail beneath), and every page has an icon', async ({ page }) => {
  const email = uniqueEmail('named');
  await signUp(page, email, PASSWORD, 'Lena Ortiz');
  const who = page.getByTestId('signed-in-as');
  await expect(who.locator('.signed-in-name')).toHaveText('Lena Ortiz');
  await expect(who.locator('.signed-in-email')).toHaveText(email);
  // No favicon 404: the page names its icon and the icon is there.
  const href = await page.locator('link[rel="icon"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  const icon = await page.request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
});

test('sign up, sign out, sign in; a wrong password gets one message that does not say which part was wrong', async ({ page }) => {
  const email = uniqueEmail('alice');
  await signUp(page, email);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/sign-in/);

  await signIn(page, email, 'not the password');
  await expect(page.getByText('Invalid e-mail or password.')).toBeVisible();
  await signIn(page, uniqueEmail('nobody'), PASSWORD);
  await expect(page.getByText('Invalid e-mail or password.')).toBeVisible();

  await signIn(page, email);
  await expect(page).toHaveURL(/\/chat/);
});

test('sign-up rejects bad input with specific messages and creates nothing', async ({ page }) => {
  const email = uniqueEmail('taken');
  await signUp(page, email);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  await page.goto('/sign-up');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#email-error')).toHaveText('Enter your e-mail address.');
  await expect(page.locator('#password-error')).toHaveText('Choose a password.');

  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#email-error')).toHaveText('Enter a valid e-mail address, like name@example.com.');
  await expect(page.locator('#password-error')).toHaveText('Use at least 8 characters for your password.');

  await page.getByLabel('E-mail').fill(email.toUpperCase());
  await page.getByLabel('Password').fill('another long password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#email-error')).toHaveText('An account with this e-mail already exists.');

  // The original password still works: the failed sign-up changed nothing.
  await signIn(page, email);
  await expect(page).toHaveURL(/\/chat/);
});

test('protected APIs answer 401 JSON, and mutations refuse non-JSON bodies', async ({ request }) => {
  const me = await request.get('/api/trpc/account.me');
  expect(me.status()).toBe(401);
  expect(me.headers()['content-type']).toContain('application/json');

  const form = await request.post('/api/trpc/account.updateSettings', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'timeZone=UTC',
  });
  expect(form.status()).toBe(415);
  expect(await form.json()).toMatchObject({ code: 'unsupported_media_type:api' });
});

test('two users in two browser contexts each see only themselves', async ({ browser }) => {
  const alice = await browser.newContext();
  const bob = await browser.newContext();
  const alicePage = await alice.newPage();
  const bobPage = await bob.newPage();
  const aliceEmail = uniqueEmail('alice');
  const bobEmail = uniqueEmail('bob');
  await signUp(alicePage, aliceEmail);
  await signUp(bobPage, bobEmail);

  await expect(alicePage.getByTestId('signed-in-as')).toContainText(aliceEmail);
  await expect(bobPage.getByTestId('signed-in-as')).toContainText(bobEmail);

  const aliceMe = await alicePage.request.get('/api/trpc/account.me');
  const bobMe = await bobPage.request.get('/api/trpc/account.me');
  expect(JSON.stringify(await aliceMe.json())).toContain(aliceEmail);
  expect(JSON.stringify(await bobMe.json())).toContain(bobEmail);
  expect(JSON.stringify(await bobMe.json())).not.toContain(aliceEmail);
  await alice.close();
  await bob.close();
});
