import { expect, type Page } from '@playwright/test';

let n = 0;
export function uniqueEmail(label: string): string {
  n += 1;
  return `${label}-${Date.now()}-${n}-${Math.random().toString(36).slice(2, 7)}@e2e.mindbase.dev`;
}

export const PASSWORD = 'correct horse battery';

/**
 * Waits until the page has loaded and gone quiet, so React has hydrated the form: a click that
 * lands during hydration on a cold server can be lost (seen once in CI on the very first test).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

export async function signUp(page: Page, email: string, password = PASSWORD, name?: string): Promise<void> {
  await page.goto('/sign-up');
  await settled(page);
  if (name) await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/chat/);
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/sign-in');
  await settled(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Sends a message with Enter and waits until the reply has finished streaming. */
export async function send(page: Page, text: string): Promise<void> {
  const before = await page.getByTestId('message').count();
  await page.getByLabel('Message').fill(text);
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByTestId('message')).toHaveCount(before + 2);
  // Send comes back (replacing Stop) only once the reply is complete.
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(page.getByTestId('message').last()).not.toHaveText('');
}

export const lastReply = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]').last();

/** The signed-in user's memories as the API returns them (raw JSON text), for polling. */
export async function memoryList(page: Page): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ json: {} }));
  const response = await page.request.get(`/api/trpc/memories.list?input=${input}`);
  expect(response.status()).toBe(200);
  return response.text();
}
