// Next.js calls register() once per server process; background work starts there.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startBackgroundWork } = await import('./server/jobs/startup');
  await startBackgroundWork();
}
