/** Runs once when a Next.js server starts: its graceful stop on SIGTERM, and its background work. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const { installGracefulStop, startBackgroundWork } = await import('@/platform/runtime/lifecycle')
  const { backgroundWork } = await import('@/background')
  installGracefulStop()
  startBackgroundWork(backgroundWork)
}
