import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// Debian's Chromium when present (CI and these machines); never download a browser at test time.
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined);
// A fresh embedded database per run, so e2e never sees a developer's data.
const dataDir = process.env.E2E_DATA_DIR ?? path.join('.data', 'e2e', `${process.pid}`);
// Issue 19: a second `next start` on the production model path, pointed at a scripted
// OpenAI-compatible server that behaves like a default Ollama (tests/e2e/scripted-llm.ts).
const REAL_PORT = PORT + 1;
export const REAL_MODEL_BASE_URL = `http://127.0.0.1:${REAL_PORT}`;
const LLM_PORT = PORT + 90;
const AUTH_SECRET = 'e2e-only-secret-not-for-production-0123456789';
const nextStart = (port: number) => `npx tsx scripts/migrate.ts && node node_modules/next/dist/bin/next start -p ${port} -H 127.0.0.1`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: nextStart(PORT),
      url: `${BASE_URL}/sign-in`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PGLITE_DATA_DIR: dataDir,
        AUTH_SECRET,
        NEXT_TELEMETRY_DISABLED: '1',
        // Nothing configured: the offline model and in-process jobs, as on a fresh clone.
        CHAT_MODEL: '',
        EXTRACTION_MODEL: '',
        EMBEDDING_MODEL: '',
        OPENAI_API_KEY: '',
        LLM_BASE_URL: '',
        DATABASE_URL: '',
        // Slow enough that Stop can land mid-reply on a loaded 2-core CI machine (chat.spec.ts).
        OFFLINE_MODEL_CHUNK_DELAY_MS: '40',
      },
    },
    {
      command: `npx tsx tests/e2e/scripted-llm.ts --port ${LLM_PORT}`,
      port: LLM_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: nextStart(REAL_PORT),
      url: `${REAL_MODEL_BASE_URL}/sign-in`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PGLITE_DATA_DIR: `${dataDir}-real-model`,
        AUTH_SECRET,
        NEXT_TELEMETRY_DISABLED: '1',
        CHAT_MODEL: 'compatible:scripted',
        EXTRACTION_MODEL: '',
        // The local embedder: this run is about the language-model path.
        EMBEDDING_MODEL: '',
        OPENAI_API_KEY: '',
        LLM_BASE_URL: `http://127.0.0.1:${LLM_PORT}/v1`,
        DATABASE_URL: '',
      },
    },
  ],
});
