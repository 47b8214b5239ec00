// Next.js calls register() once per server process: the composition of the job providers
// happens here, at the edge (server/ never imports inngest/), then background work starts.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { jobMode } = await import('./server/jobs/job-mode');
  if (jobMode() === 'inngest') (await import('./inngest/client')).useInngestTransport();
  const { startBackgroundWork } = await import('./server/startup');
  await startBackgroundWork();
}
