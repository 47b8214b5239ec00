import { handleMcpRequest } from '@/server/mcp/handle-request';
import { mcpDeps } from '@/server/composition';

// Bearer-authenticated, for MCP clients; why the cookie routes' same-origin guard does not
// apply is in server/mcp/handle-request.ts.
const handler = (req: Request) => handleMcpRequest(req, mcpDeps());

export { handler as GET, handler as POST, handler as DELETE };
