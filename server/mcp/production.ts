/** The production wiring of the MCP endpoint: the app database, configured embedder, shared limit store. */
import 'server-only';
import { authAdapterDb, forUser, withSystem } from '../database';
import { tokenPepper } from '../access-tokens/token-secret';
import { config } from '../config';
import { configuredEmbedder, embedderFor } from '../jobs/production';
import { createStoreLimiter } from '../ratelimit/limiter';
import type { McpDeps, McpLimiters } from './handle-request';

const holder = globalThis as unknown as { __mindbaseMcpLimiters?: McpLimiters };

/**
 * Over the rate_limits table sign-in uses (server/ratelimit/), so a limit holds across every
 * instance. The sign-in limiters' purge sweeps these rows too (it covers the whole table).
 */
function mcpLimiters(): McpLimiters {
  holder.__mindbaseMcpLimiters ??= {
    perToken: createStoreLimiter(authAdapterDb(), 'mcp:token', config.mcp.perToken),
    badToken: createStoreLimiter(authAdapterDb(), 'mcp:bad-token', config.mcp.badTokenPerAddress),
  };
  return holder.__mindbaseMcpLimiters;
}

export function mcpDeps(): McpDeps {
  return {
    withSystem,
    userDb: forUser,
    embedder: configuredEmbedder(),
    embedderFor,
    pepper: tokenPepper(),
    limiters: mcpLimiters(),
    proxyHops: config.auth.throttle.proxyHops,
  };
}
