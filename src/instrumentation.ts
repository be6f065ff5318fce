/** Runs once when a Next.js server starts: background jobs and graceful shutdown. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const { startBackgroundWork } = await import('./server/lifecycle')
  startBackgroundWork()
}
