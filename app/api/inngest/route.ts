import { serve } from 'inngest/next';
import { inngest } from '@/inngest/client';
import { functions } from '@/inngest/functions';
import { guardInngestEndpoint } from '@/server/jobs/inngest-endpoint';

export const runtime = 'nodejs';
// Unsigned, unconfigured or dev-mode-in-production requests never reach the SDK (401/404).
export const { GET, POST, PUT } = guardInngestEndpoint(serve({ client: inngest, functions }));
