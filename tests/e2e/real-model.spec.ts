import { expect, test } from '@playwright/test';
import { REAL_MODEL_BASE_URL } from '../../playwright.config';
import { lastReply, memoryList, send, signUp, uniqueEmail } from './helpers';

// The production model path (CHAT_MODEL=compatible:…) in Chromium, against a scripted server
// that behaves like a default Ollama: one request at a time, no JSON schema, no tools, <think>
// blocks, fenced JSON, and title calls that never answer (tests/e2e/scripted-llm.ts).
test.use({ baseURL: REAL_MODEL_BASE_URL });

test('on an Ollama-like server the reply streams without waiting on a title, the memory it contains is stored, and the operator sees what was worked around', async ({ page }) => {
  await signUp(page, uniqueEmail('real-model'));
  const started = Date.now();
  await send(page, "I'm allergic to peanuts, and I'd like ideas for the weekend.");
  // Tools were refused (HTTP 400) and the turn answered without them; the hung title held nothing.
  await expect(lastReply(page)).toContainText('Thanks for telling me.');
  expect(Date.now() - started).toBeLessThan(7_000);

  // Extraction: schema refused, then <think> + fenced JSON with missing fields — still stored.
  await expect.poll(() => memoryList(page), { timeout: 20_000 }).toMatch(/Allergic to peanuts/);

  // The next conversation's reply is written with that memory in its prompt.
  await page.getByRole('link', { name: 'New chat' }).or(page.getByRole('button', { name: 'New chat' })).first().click();
  await expect(page).toHaveURL(/\/chat$/);
  await send(page, 'What should I cook for dinner?');
  await expect(lastReply(page)).toContainText('no peanuts');

  // After the title timeout the first chat is listed under its opening words.
  await expect(page.getByRole('link', { name: /allergic to peanuts, and I'd like/i }).first()).toBeVisible({ timeout: 15_000 });

  const health = (await (await page.request.get('/api/health')).json()) as { models: Record<string, string>; counters: Record<string, number> };
  expect(health.models).toMatchObject({ chat: 'compatible:scripted', extraction: 'compatible:scripted' });
  expect(health.counters).toMatchObject({ structured_output_refused: 1, tools_refused: 1, title_timeouts: expect.any(Number) });
  expect((health.counters.extraction_ok ?? 0) + (health.counters.extraction_retried ?? 0)).toBeGreaterThanOrEqual(1);
  expect(JSON.stringify(health)).not.toMatch(/127\.0\.0\.1|api[_-]?key/i);
});

test("a provider's Retry-After reaches the chat: Retry counts down, then can be pressed", async ({ page }) => {
  await signUp(page, uniqueEmail('retry-after'));
  await page.getByLabel('Message').fill('please rate-limit me');
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByText('The model provider is rate-limiting requests')).toBeVisible({ timeout: 20_000 });
  const retry = page.getByRole('button', { name: /^Retry/ });
  await expect(retry).toHaveText(/Retry in \ds/);
  await expect(retry).toBeDisabled();
  await expect(retry).toHaveText('Retry', { timeout: 8_000 });
  await expect(retry).toBeEnabled();
});
