import { serve } from 'inngest/next';
import { inngest, useInngestTransport } from '@/inngest/client';
import { functions } from '@/inngest/functions';
import { guardInngestEndpoint } from '@/server/jobs/inngest-endpoint';

export const runtime = 'nodejs';
// The sweeper running here re-sends outbox events to Inngest.
useInngestTransport();
// Unsigned, unconfigured or dev-mode-in-production requests never reach the SDK (401/404).
export const { GET, POST, PUT } = guardInngestEndpoint(serve({ client: inngest, functions }));
