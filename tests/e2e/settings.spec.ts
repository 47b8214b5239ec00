import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { lastReply, send, signUp, uniqueEmail } from './helpers';

// The offline model and in-process jobs (playwright.config.ts clears every provider setting).

const memoryItems = (page: Page) => page.getByTestId('memory-item');

test('a memory told in chat can be seen, edited, traced, exported and deleted from settings, and then no longer shapes replies', async ({
  page,
  browser,
}) => {
  await signUp(page, uniqueEmail('settings'));
  await send(page, 'Remember that my favourite colour is teal');
  await expect(lastReply(page)).toContainText(/remember/i);

  // The chat sidebar links to the page.
  await page.getByRole('link', { name: 'Memory', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/memory$/);
  await expect(page.getByRole('heading', { name: 'Memory', level: 1 })).toBeVisible();
  // The two settings links read as two (they used to run together: "← Back to chatPrivacy & account").
  const back = await page.getByRole('link', { name: 'Back to chat' }).boundingBox();
  const privacy = await page.getByRole('link', { name: 'Privacy & account' }).boundingBox();
  expect(back && privacy && (privacy.x >= back.x + back.width + 12 || privacy.y >= back.y + back.height)).toBe(true);
  const item = memoryItems(page).filter({ hasText: /teal/i });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('memory-quote')).toContainText('my favourite colour is teal');
  await expect(item.getByRole('link', { name: 'Open conversation' })).toHaveAttribute('href', /^\/chat\/[0-9a-f-]{36}/);

  // Export JSON downloads a file in the documented format that holds the memory.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as { format: string; memories: { id: string; summary: string }[] };
  expect(file.format).toBe('mindbase.memories');
  const exportedTeal = file.memories.find((m) => /teal/i.test(m.summary));
  expect(exportedTeal).toBeDefined();

  // The chat's memory ledger links here with ?focus=<id>: that memory is shown first.
  await page.goto(`/settings/memory?focus=${exportedTeal?.id ?? ''}`);
  await expect(page.getByRole('region', { name: 'Selected memory' }).getByTestId('memory-item')).toContainText(/teal/i);
  await page.goto('/settings/memory');

  // A second user's page shows none of it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUp(otherPage, uniqueEmail('settings-other'));
  await otherPage.goto('/settings/memory');
  await expect(otherPage.getByTestId('memory-empty')).toBeVisible();
  await expect(memoryItems(otherPage)).toHaveCount(0);
  await expect(otherPage.getByText(/teal/i)).toHaveCount(0);
  await other.close();

  // Control: while the memory exists, the offline model does answer from it.
  await page.getByRole('link', { name: 'Back to chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await send(page, 'What is my favourite colour?');
  await expect(lastReply(page)).toContainText(/teal/i);
  await page.goto('/settings/memory');
  await expect(item).toHaveCount(1);

  // Edit: the new text replaces the old one and writes a version.
  await expect(item.getByRole('list', { name: 'Entities' }).getByRole('listitem').filter({ hasText: /^teal$/i })).toHaveCount(1);
  await item.getByRole('button', { name: 'Edit' }).click();
  await item.getByLabel('Memory text').fill('Favourite colour is navy');
  await item.getByRole('button', { name: 'Save' }).click();
  const edited = memoryItems(page).filter({ hasText: 'Favourite colour is navy' });
  await expect(edited).toHaveCount(1);
  await expect(edited.getByText('Favourite colour is navy', { exact: true })).toBeVisible();
  // Issue 15: the edit says it worked, and no tag of the old text stays behind.
  await expect(edited.getByRole('status')).toHaveText('Saved as version 2; History has the earlier one.');
  await expect(edited.getByRole('listitem').filter({ hasText: /^teal$/i })).toHaveCount(0);

  // History: two versions, the second by the user, each with a revert except the latest.
  await edited.getByRole('button', { name: 'History' }).click();
  const versions = edited.getByTestId('history-version');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(1).getByTestId('history-actor')).toHaveText(/^(you|user)$/);
  await expect(versions.nth(1)).toContainText('Favourite colour is navy');
  await expect(versions.nth(0).getByRole('button', { name: 'Revert to this version' })).toBeVisible();

  // Delete: the dialog shows what it reaches first, then the memory is gone with a receipt.
  await edited.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this memory?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('delete-preview')).toContainText('2 versions');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('memory-notice')).toHaveText('Deleted. It will no longer be recalled.');
  await expect(memoryItems(page).filter({ hasText: /navy|teal/i })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('memory-empty')).toBeVisible();

  // It no longer influences the next reply.
  await page.getByRole('link', { name: 'Back to chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await send(page, 'What is my favourite colour?');
  await expect(lastReply(page)).not.toContainText(/teal|navy/i);
});

test('delete all sits behind a typed confirmation, and a JSON export imports back', async ({ page }) => {
  await signUp(page, uniqueEmail('settings-all'));
  await send(page, 'Remember that I take my coffee black');
  await page.goto('/settings/memory');
  await expect(memoryItems(page).filter({ hasText: /coffee/i })).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const exported = await (await downloading).path();

  const deleteAll = page.getByRole('button', { name: 'Delete all memories' });
  await expect(deleteAll).toBeDisabled();
  await page.getByLabel('Type DELETE ALL to confirm').fill('delete all');
  await expect(deleteAll).toBeDisabled();
  await page.getByLabel('Type DELETE ALL to confirm').fill('DELETE ALL');
  await deleteAll.click();
  await expect(page.getByTestId('memory-notice')).toHaveText(/Deleted 1 memory/);
  await expect(page.getByTestId('memory-empty')).toBeVisible();

  // A wrong file is a sentence saying what is wrong, not a validator dump (issue 15).
  const importInput = page.getByLabel('Import a Mindbase JSON export');
  const importError = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
  await importInput.setInputFiles({ name: 'chatgpt.json', mimeType: 'application/json', buffer: Buffer.from('{"conversations": []}') });
  await expect(importError).toContainText('This is not a Mindbase memory export');
  const mangled = { format: 'mindbase.memories', version: 1, exportedAt: new Date().toISOString(), memories: [{ id: 'x', type: 'feeling', summary: 'Likes tea' }] };
  await importInput.setInputFiles({ name: 'mangled.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(mangled)) });
  await expect(importError).toContainText('The file cannot be imported; nothing was changed. memories.0.type');
  await expect(importError).not.toContainText(/invalid_type|"code"|\[\{/);
  await expect(page.getByTestId('memory-empty')).toBeVisible();

  await importInput.setInputFiles(exported);
  await expect(page.getByTestId('import-result')).toContainText('Added 1 memory, skipped 0.');
  await expect(memoryItems(page).filter({ hasText: /coffee/i })).toHaveCount(1);

  // Importing the same file again adds nothing.
  await page.getByLabel('Import a Mindbase JSON export').setInputFiles(exported);
  await expect(page.getByTestId('import-result')).toContainText('Added 0 memories, skipped 1.');
  await expect(memoryItems(page).filter({ hasText: /coffee/i })).toHaveCount(1);
});

test('the review inbox asks about candidates and clears once they are confirmed or rejected', async ({ page }) => {
  await signUp(page, uniqueEmail('settings-review'));
  const now = new Date().toISOString();
  const candidate = (summary: string) => ({
    id: crypto.randomUUID(),
    type: 'semantic',
    kind: 'preference',
    summary,
    entities: [],
    importance: 3,
    confidence: 'low',
    origin: 'assistant_inferred',
    validity: 'permanent',
    validUntil: null,
    sensitive: false,
    status: 'candidate',
    pinned: false,
    occurredAt: null,
    createdAt: now,
    updatedAt: now,
    sources: [],
    versions: [],
  });
  const json = JSON.stringify({
    format: 'mindbase.memories',
    version: 1,
    exportedAt: now,
    memories: [candidate('Prefers window seats on trains'), candidate('Dislikes jazz')],
  });
  await page.goto('/settings/memory');
  await page.getByLabel('Import a Mindbase JSON export').setInputFiles({ name: 'memories.json', mimeType: 'application/json', buffer: Buffer.from(json) });
  await expect(page.getByTestId('import-result')).toContainText('Added 2 memories, skipped 0.');

  const inbox = page.getByRole('region', { name: /Review/ });
  await expect(inbox.getByTestId('review-item')).toHaveCount(2);
  await expect(inbox.getByRole('heading')).toContainText('2');
  await inbox.getByTestId('review-item').filter({ hasText: 'window seats' }).getByRole('button', { name: 'Confirm' }).click();
  await inbox.getByTestId('review-item').filter({ hasText: 'jazz' }).getByRole('button', { name: 'Reject' }).click();
  await expect(inbox).toHaveCount(0);
  await expect(memoryItems(page).filter({ hasText: 'window seats' })).toHaveAttribute('data-status', 'active');
  await expect(memoryItems(page).filter({ hasText: 'jazz' })).toHaveCount(0);
});
