import type { Payload } from 'payload'

import { poolOf } from './jobs/advisoryLock'
import { startJobRunner } from './jobs/runner'
import { payloadClient } from './payload'

/** The running job may take this long to finish after SIGTERM; the launcher's limit is 10 s. */
const JOB_GRACE_MS = 8000

const state = globalThis as typeof globalThis & { __bandsiteBackground?: true }

const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.catch(() => {}), new Promise((resolve) => setTimeout(resolve, ms).unref())])

/**
 * Starts this server's background work (the job runner) and its graceful stop. On SIGTERM or
 * SIGINT Next.js stops accepting connections and lets in-flight requests finish, then exits; that
 * exit waits until the running job has finished (at most 8 s) and the database pool is closed,
 * and reports success, since the server stopped cleanly.
 */
export function startBackgroundWork(): void {
  if (state.__bandsiteBackground) return
  state.__bandsiteBackground = true
  const ready: Promise<{ payload: Payload; runner: ReturnType<typeof startJobRunner> }> = payloadClient().then((payload) => ({
    payload,
    runner: startJobRunner(payload),
  }))
  ready.catch((error: Error) => console.error(`Background jobs did not start: ${error.message}`))

  let stopping: Promise<unknown> | undefined
  const onSignal = () => {
    if (stopping) return
    stopping = ready.then(({ runner }) => within(runner.stop(), JOB_GRACE_MS))
    const exit = process.exit.bind(process)
    process.exit = ((code?: number | string | null) => {
      void stopping!
        .then(() => ready)
        .then(({ payload }) => within(poolOf(payload).end(), 1000))
        .catch(() => {})
        .finally(() => exit(code === 130 || code === 143 ? 0 : code))
    }) as typeof process.exit
  }
  process.once('SIGTERM', onSignal)
  process.once('SIGINT', onSignal)
}
