import type { Payload } from 'payload'

import { TRACKS_LOCK, withAdvisoryLock } from '@/platform/jobs/advisoryLock'

import { processTrack } from './processTrack'
import { nextProcessingTrack } from './tracks'

const INTERVAL_MS = 2000

/**
 * Processes tracks waiting for their renditions, one at a time across every instance on the
 * database: each round holds a PostgreSQL advisory lock, so a track is made by one instance only.
 * A track left `processing` by an instance that stopped or died is taken up again by the next round.
 */
export function startTrackProcessor(payload: Payload): { stop: () => Promise<void> } {
  const abort = new AbortController()
  let current: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined

  const round = async () => {
    await withAdvisoryLock(payload, TRACKS_LOCK, async () => {
      for (let track = await nextProcessingTrack(payload); track && !abort.signal.aborted;) {
        await processTrack(payload, track, abort.signal)
        track = abort.signal.aborted ? null : await nextProcessingTrack(payload)
      }
    })
  }

  const schedule = () => {
    if (abort.signal.aborted) return
    timer = setTimeout(() => {
      current = round()
        .catch((error: Error) => payload.logger.warn(`Track processing: ${error.message}`))
        .finally(schedule)
    }, INTERVAL_MS)
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
