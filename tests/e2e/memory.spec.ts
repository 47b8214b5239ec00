import { expect, test } from '@playwright/test';
import { lastReply, memoryList, send, signUp, uniqueEmail } from './helpers';

// The offline model and in-process jobs, as on a fresh clone with no configuration.

test('a peanut allergy told in one conversation shapes dinner advice in the next, and the reply shows which memory it used', async ({ page }) => {
  await signUp(page, uniqueEmail('allergy'));
  await send(page, "Remember that I'm allergic to peanuts");
  await expect(lastReply(page)).toContainText(/remember/i);

  await page.getByRole('link', { name: 'New chat' }).or(page.getByRole('button', { name: 'New chat' })).first().click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByTestId('message')).toHaveCount(0);
  await send(page, 'What should I cook tonight?');
  await expect(lastReply(page)).toContainText(/peanut/i);

  // One count everywhere: the reply names as many recalled memories as its button.
  const recalled = Number(/Of the (\d+) memor/.exec((await lastReply(page).textContent()) ?? '')?.[1]);
  expect(recalled).toBeGreaterThan(0);
  const ledger = lastReply(page).getByTestId('memory-ledger');
  const toggle = ledger.getByRole('button', { name: /used \d+ memor/ });
  await expect(toggle).toHaveText(recalled === 1 ? 'used 1 memory' : `used ${recalled} memories`);
  await toggle.click();
  const used = ledger.getByTestId('ledger-used').filter({ hasText: /allergic to peanuts/i });
  await expect(used).toBeVisible();
  await expect(used.getByRole('link', { name: 'source' })).toHaveAttribute('href', /\/chat\/[0-9a-f-]{36}/);
  await expect(ledger.getByTestId('ledger-used')).toHaveCount(recalled);

  // Forgetting a used memory: the answer still says how many it used, and that one is gone since.
  page.once('dialog', (dialog) => void dialog.accept());
  await used.getByRole('button', { name: 'forget' }).click();
  await expect(used).toHaveCount(0);
  await expect(toggle).toHaveText(`${recalled === 1 ? 'used 1 memory' : `used ${recalled} memories`} · 1 since deleted`);
});

test('the slow channel remembers an implicit preference after the reply, and a second user sees none of it', async ({ page, browser }) => {
  await signUp(page, uniqueEmail('runner'));
  await send(page, 'I usually run in the morning before work.');
  await expect.poll(() => memoryList(page), { timeout: 15_000 }).toMatch(/morning/i);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUp(otherPage, uniqueEmail('other'));
  expect(await memoryList(otherPage)).not.toMatch(/morning/i);
  await other.close();
});
