import { expect, type Page } from '@playwright/test';

let n = 0;
export function uniqueEmail(label: string): string {
  n += 1;
  return `${label}-${Date.now()}-${n}-${Math.random().toString(36).slice(2, 7)}@e2e.mindbase.dev`;
}

export const PASSWORD = 'correct horse battery';

export async function signUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/chat/);
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
