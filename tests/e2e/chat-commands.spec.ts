import { expect, test, type Page } from '@playwright/test';
import { lastReply, memoryList, send, settled, signUp, uniqueEmail } from './helpers';

// Managing memory by talking, with the offline model (playwright.config.ts clears every provider
// setting): each request changes the memory through the settings page's own edit, so the Memory
// page shows the change and its history names "you".

const card = (page: Page, text: RegExp) => page.getByTestId('memory-item').filter({ hasText: text });

/** The importance a memory card shows ("importance 3 of 5"). */
async function importanceOf(page: Page, text: RegExp): Promise<number> {
  const label = await card(page, text).getByLabel(/^importance \d of 5$/).getAttribute('aria-label');
  const value = Number(/importance (\d)/.exec(label ?? '')?.[1]);
  expect(value, `importance shown on the card for ${text}`).toBeGreaterThanOrEqual(1);
  return value;
}

async function openMemoryPage(page: Page): Promise<void> {
  await page.goto('/settings/memory');
  await settled(page);
}

async function openHistory(page: Page, text: RegExp) {
  const item = card(page, text);
  await item.getByRole('button', { name: 'History' }).click();
  const versions = item.getByTestId('history-version');
  await expect(versions.first()).toBeVisible();
  return versions;
}

test('list, reprioritize and correct memories by talking; the Memory page shows each change by you', async ({ page }) => {
  await signUp(page, uniqueEmail('chat-commands'));
  await settled(page);

  await send(page, 'Remember that I take my coffee black');
  await expect.poll(() => memoryList(page)).toMatch(/coffee black/i);

  await send(page, 'What do you remember about me?');
  await expect(lastReply(page)).toContainText(/coffee black/i);

  const chatUrl = page.url();
  await openMemoryPage(page);
  await expect(card(page, /coffee black/i)).toHaveCount(1);
  const before = await importanceOf(page, /coffee black/i);

  await page.goto(chatUrl);
  await settled(page);
  await send(page, 'Lower the priority of my coffee preference');
  await expect(lastReply(page)).toContainText(/coffee black/i);
  await expect(lastReply(page)).toContainText(`importance ${before - 1}`);

  await openMemoryPage(page);
  expect(await importanceOf(page, /coffee black/i)).toBe(before - 1);
  const coffeeHistory = await openHistory(page, /coffee black/i);
  await expect(coffeeHistory.last().getByTestId('history-actor')).toHaveText('you');
  await expect(coffeeHistory.last()).toContainText('Lower the priority of my coffee preference');

  await page.goto(chatUrl);
  await settled(page);
  await send(page, 'Remember that I live in Shanghai');
  await expect.poll(() => memoryList(page)).toMatch(/Shanghai/);
  await send(page, "That's wrong, I live in Hangzhou");
  await expect(lastReply(page)).toContainText(/Shanghai.*Hangzhou/);

  await openMemoryPage(page);
  // The card's name is the memory's summary; its source is now the correction itself.
  await expect(page.locator('[data-testid="memory-item"][aria-label*="Hangzhou"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="memory-item"][aria-label*="Shanghai"]')).toHaveCount(0);
  const listed = await memoryList(page);
  expect(listed).not.toMatch(/"summary":"[^"]*Shanghai/);
  expect(listed).not.toMatch(/"quote":"[^"]*Shanghai/);
  const homeHistory = await openHistory(page, /Hangzhou/);
  const change = homeHistory.last();
  await expect(change.getByTestId('history-actor')).toHaveText('you');
  await expect(change.locator('del')).toContainText('Shanghai');
  await expect(change.locator('ins')).toContainText('Hangzhou');
  // The other memory was not touched by the correction.
  await expect(card(page, /coffee black/i)).toHaveCount(1);
});
