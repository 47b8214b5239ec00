import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';

// Issue 14, item 8: every page and API answer carries the security headers, and the app still
// works under its CSP (no violation is reported while signing up, chatting and opening settings).
test('every page and API response carries the security headers, and the app runs under its CSP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (?:load|execute|connect|apply)/i.test(message.text())) violations.push(message.text());
  });
  await signUp(page, uniqueEmail('headers'));
  for (const path of ['/sign-in', '/sign-up', '/chat', '/settings/memory', '/settings/account', '/api/health', '/api/trpc/account.me']) {
    const response = await page.request.get(path);
    const headers = response.headers();
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], path).toContain("object-src 'none'");
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  }
  await page.getByLabel('Message').fill('hello there');
  await page.getByLabel('Message').press('Enter');
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).not.toHaveText('', { timeout: 20_000 });
  await page.goto('/settings/memory');
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(violations).toEqual([]);
});
