/**
 * The MCP endpoint under test with the SDK's own client: StreamableHTTPClientTransport whose
 * fetch calls the route's handler in-process (the same Request/Response a Next route gets).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { userDb } from '@/db/boundary';
import { createAccessToken } from '@/server/access-tokens/manage-tokens';
import { handleMcpRequest, type McpDeps } from '@/server/mcp/handle-request';
import { createStoreLimiter, type LimitSpec } from '@/server/ratelimit/limiter';
import type { TestDatabase } from './db';
import { localEmbedder } from './jobs';

export const MCP_URL = 'http://mindbase.test/api/mcp';
export const TEST_PEPPER = Buffer.alloc(32, 7);
const embedder = localEmbedder();
const ROOMY: LimitSpec = { points: 10_000, durationSeconds: 60, blockSeconds: 0 };

let prefixes = 0;

/** Deps on the test database; limiters get their own key prefix so tests never share counters. */
export function mcpDepsFor(t: TestDatabase, overrides: Partial<McpDeps> & { perToken?: LimitSpec; badToken?: LimitSpec } = {}): McpDeps {
  prefixes += 1;
  const { perToken, badToken, ...rest } = overrides;
  return {
    withSystem: t.withSystem,
    userDb: (id) => userDb(t.withUser, id),
    embedder,
    pepper: TEST_PEPPER,
    limiters: {
      perToken: createStoreLimiter(t.db, `test-mcp-token-${prefixes}`, perToken ?? ROOMY),
      badToken: createStoreLimiter(t.db, `test-mcp-bad-${prefixes}`, badToken ?? ROOMY),
    },
    proxyHops: 1,
    ...rest,
  };
}

export async function tokenFor(
  t: TestDatabase,
  userId: string,
  options: { name?: string; scope?: 'read' | 'read_write'; expiresInDays?: 7 | 30 | 90 | 365 | null } = {},
) {
  return createAccessToken(
    userDb(t.withUser, userId),
    { name: options.name ?? 'Test Agent', scope: options.scope ?? 'read_write', expiresInDays: options.expiresInDays ?? null },
    TEST_PEPPER,
  );
}

/** One HTTP request to the handler, as a client would send it. */
export function post(deps: McpDeps, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return handleMcpRequest(
    new Request(MCP_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    deps,
  );
}

export const initializeBody = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '0.0.1' } },
};

/** A connected SDK client for `token` (or none); close it when done. */
export async function connectClient(deps: McpDeps, token: string | null, name = 'vitest-client'): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    fetch: (url, init) => handleMcpRequest(new Request(url, init), deps),
  });
  await client.connect(transport);
  return client;
}

/** A tool call's structured result; fails loudly when the tool answered with an error. */
export async function callOk<T = Record<string, unknown>>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as T;
}

/** A tool call that must fail as an MCP tool error; returns its text. */
export async function callError(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = await client.callTool({ name, arguments: args });
  if (!result.isError) throw new Error(`${name} was expected to fail but returned ${JSON.stringify(result.structuredContent)}`);
  const content = result.content as { type: string; text?: string }[];
  return content.map((c) => c.text ?? '').join(' ');
}
