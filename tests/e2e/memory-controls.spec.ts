import { expect, test, type Page } from '@playwright/test';
import { lastReply, memoryList, send, settled, signIn, signUp, uniqueEmail } from './helpers';

// The offline model and in-process jobs (playwright.config.ts clears every provider setting).

const memoryItems = (page: Page) => page.getByTestId('memory-item');
const dontRemember = (page: Page) => page.getByRole('button', { name: "Don't remember this conversation" });

test.describe('on a 375 px wide screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('"don\'t remember this conversation" declines "remember …" and keeps it off the Memory page; switched back, it remembers', async ({
    page,
  }) => {
    await signUp(page, uniqueEmail('dont-remember'));
    await settled(page);

    // A new chat: switched before its first message.
    const toggle = dontRemember(page);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Nothing said here becomes a memory.')).toBeVisible();
    // It fits the narrow screen: no sideways scrolling, the switch fully on screen.
    const box = await toggle.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await send(page, 'Remember that I like tea');
    await expect(lastReply(page)).toContainText(/didn.t save|not saved|was not saved/i);
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);

    // The choice is stored with the conversation, not just in this page.
    await page.reload();
    await expect(dontRemember(page)).toHaveAttribute('aria-pressed', 'true');

    const conversationUrl = page.url();
    await page.goto('/settings/memory');
    await expect(page.getByTestId('memory-empty')).toBeVisible();
    await expect(memoryItems(page)).toHaveCount(0);
    expect(await memoryList(page)).not.toMatch(/tea/i);

    // Control: switched off again, the same conversation remembers.
    await page.goto(conversationUrl);
    await settled(page);
    await dontRemember(page).click();
    await expect(dontRemember(page)).toHaveAttribute('aria-pressed', 'false');
    await send(page, 'Remember that I like coffee');
    await expect(lastReply(page)).not.toContainText(/didn.t save/i);
    await page.goto('/settings/memory');
    await expect(memoryItems(page).filter({ hasText: /coffee/i })).toHaveCount(1);
    expect(await memoryList(page)).not.toMatch(/tea/i);
  });
});

test('deleting the account at /settings/account signs out, and its credentials no longer sign in', async ({ page }) => {
  const email = uniqueEmail('delete-account');
  await signUp(page, email);
  await send(page, 'Remember that my cat is called Miso');

  await page.goto('/settings/account');
  await settled(page);
  const button = page.getByRole('button', { name: 'Delete my account' });
  const confirm = page.getByTestId('delete-account-confirm');
  // The prompt names the e-mail to type once the profile has loaded.
  await expect(page.locator('label', { hasText: email })).toBeVisible();
  await expect(button).toBeDisabled();
  await confirm.fill('someone-else@example.com');
  await expect(button).toBeDisabled();
  await confirm.fill(email);
  await button.click();

  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/sign-in/);

  await signIn(page, email);
  await expect(page.getByText('Invalid e-mail or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test('a contradiction waits in the review inbox, the sidebar counts it, and "Keep this one" settles it', async ({ page }) => {
  await signUp(page, uniqueEmail('conflict'));
  await send(page, 'I live in Shanghai.');
  await expect.poll(() => memoryList(page), { timeout: 15_000 }).toMatch(/Shanghai/);
  await send(page, 'I live in Hangzhou.');
  await expect.poll(() => memoryList(page), { timeout: 15_000 }).toMatch(/"status":"conflicted"/);

  // The Memory link in the chat sidebar shows one memory waiting (read again on load).
  await page.reload();
  const link = page.getByRole('link', { name: 'Memory', exact: true });
  await expect(link.getByTestId('review-badge')).toHaveText('1');
  await expect(link).toHaveAccessibleDescription('1 memory waits for review');
  await link.click();
  await expect(page).toHaveURL(/\/settings\/memory$/);

  const inbox = page.getByRole('region', { name: /Review/ });
  const item = inbox.getByTestId('review-item').filter({ hasText: /Hangzhou/ });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(/Contradicts: .*Shanghai/);
  await item.getByRole('button', { name: 'Keep this one' }).click();
  await expect(inbox).toHaveCount(0);
  await expect(memoryItems(page).filter({ hasText: /Hangzhou/ })).toHaveAttribute('data-status', 'active');
  await expect(memoryItems(page).filter({ hasText: /Shanghai/ })).toHaveCount(0);

  // Nothing waits any more: the badge is gone.
  await page.getByRole('link', { name: 'Back to chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('link', { name: 'Memory', exact: true })).toBeVisible();
  await expect(page.getByTestId('review-badge')).toHaveCount(0);
});

test('"as of" shows what was remembered at a past date: nothing before the account, the memory today', async ({ page }) => {
  await signUp(page, uniqueEmail('as-of'));
  await send(page, 'Remember that my favourite colour is teal');
  await page.goto('/settings/memory');
  await settled(page);
  const section = page.getByRole('region', { name: 'As of a past date' });
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });

  await section.getByLabel('Date').fill('2020-01-01');
  await section.getByRole('button', { name: 'Show' }).click();
  await expect(section.getByTestId('as-of-result')).toContainText('Mindbase remembered nothing about you.');

  await section.getByLabel('Date').fill(today);
  await section.getByRole('button', { name: 'Show' }).click();
  await expect(section.getByTestId('as-of-item').filter({ hasText: /teal/i })).toHaveCount(1);
  await expect(section.getByTestId('as-of-result')).toContainText('1 memory in use.');
});
