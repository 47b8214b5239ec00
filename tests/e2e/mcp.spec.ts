import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';

// Issue 17, tried as a new user would: make a token in settings, point the SDK's own MCP client
// at /api/mcp, remember and search, see it all in the app, revoke, and the client is cut off.

test('a connected app: token shown once, last used, its reads and writes listed, revoked at once', async ({ page, baseURL }) => {
  await signUp(page, uniqueEmail('mcp'));
  await page.goto('/settings/account');
  const section = page.getByTestId('connected-apps');
  await expect(section.getByText('No apps connected yet.')).toBeVisible();

  await section.getByTestId('app-name').fill('E2E Agent');
  await section.getByTestId('create-token').click();
  const shown = section.getByTestId('new-token');
  await expect(shown).toHaveText(/^mb_pat_[A-Za-z0-9_-]{43}$/);
  const token = (await shown.textContent()) ?? '';

  // Copy puts it on the clipboard; after "Done" it is gone from the page, and a reload never brings it back.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await section.getByTestId('copy-token').click();
  await expect(section.getByTestId('copy-token')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await section.getByTestId('token-done').click();
  await expect(section.getByTestId('new-token')).toHaveCount(0);
  await page.reload();
  const app = page.getByTestId('connected-app').filter({ hasText: 'E2E Agent' });
  await expect(app.getByTestId('last-used')).toHaveText('never');
  expect(await page.content()).not.toContain(token.slice(11));

  // An MCP client (the SDK's own, over real HTTP) remembers and searches.
  const client = new Client({ name: 'e2e-mcp-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', baseURL), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  const stored = await client.callTool({ name: 'remember', arguments: { text: 'I keep bees on my balcony' } });
  expect(stored.isError).toBeFalsy();
  const found = await client.callTool({ name: 'search_memories', arguments: { query: 'bees balcony' } });
  expect(JSON.stringify(found.structuredContent)).toContain('bees');

  // Settings: last used and the client's name; the app's reads and writes.
  await page.reload();
  await expect(app.getByTestId('last-used')).not.toHaveText('never');
  await expect(app).toContainText('e2e-mcp-client 1.0.0');
  await app.getByRole('button', { name: 'Reads & writes' }).click();
  const entries = app.getByTestId('app-activity-entry');
  await expect(entries.filter({ hasText: /^remembered/ })).toContainText(/bees/i);
  await expect(entries.filter({ hasText: /read 1 memory/ })).toContainText(/bees/i);

  // The memory page's activity log says who did it.
  await page.goto('/settings/memory');
  await expect(page.getByTestId('activity-entry').filter({ hasText: 'by E2E Agent' }).first()).toBeVisible();
  await expect(page.getByTestId('activity-entry').filter({ hasText: /read 1 memory/ })).toContainText('by E2E Agent');

  // Revoke: the very next call of the connected client is refused.
  await page.goto('/settings/account');
  page.once('dialog', (dialog) => void dialog.accept());
  await app.getByRole('button', { name: 'Revoke' }).click();
  await expect(app.getByTestId('app-state')).toHaveText('Revoked');
  const refused = await client.callTool({ name: 'search_memories', arguments: { query: 'bees' } }).then(
    () => null,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(StreamableHTTPError);
  expect((refused as StreamableHTTPError).code).toBe(401);
  const raw = await fetch(new URL('/api/mcp', baseURL), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  expect(raw.status).toBe(401);
  expect(raw.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  await client.close();
});
