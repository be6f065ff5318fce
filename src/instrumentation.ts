/** Runs once when a Next.js server starts: its graceful stop on SIGTERM. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const { installGracefulStop } = await import('@/platform/runtime/lifecycle')
  installGracefulStop()
}
