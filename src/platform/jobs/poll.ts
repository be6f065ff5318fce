import type { Payload } from 'payload'

/** Background work that runs in rounds until it is stopped. */
export type Poller = {
  /** Stops the rounds: the next one is not started and the one running (if any) has ended when this resolves. */
  stop: () => Promise<void>
}

/**
 * Runs `round` every `intervalMs`, one round at a time: the next is scheduled only once the last
 * has ended, so a slow round never overlaps the next. A round that fails is logged (prefixed
 * `label`) and the rounds go on. `round` gets a signal that is aborted when the poller stops.
 */
export function pollEvery(
  payload: Payload,
  label: string,
  intervalMs: number,
  round: (signal: AbortSignal) => Promise<void>,
): Poller {
  const abort = new AbortController()
  let current: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined

  const schedule = () => {
    if (abort.signal.aborted) return
    timer = setTimeout(() => {
      current = round(abort.signal)
        .catch((error: Error) => payload.logger.warn(`${label}: ${error.message}`))
        .finally(schedule)
    }, intervalMs)
  }
  schedule()

  return {
    stop: async () => {
      abort.abort()
      clearTimeout(timer)
      await current
    },
  }
}
