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

export async function signUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/sign-up');
  await settled(page);
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
