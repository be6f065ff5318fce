import type { Payload } from 'payload'

import { TRACKS_LOCK, withAdvisoryLock } from '@/platform/jobs/advisoryLock'
import { pollEvery, type Poller } from '@/platform/jobs/poll'

import { processTrack } from './processTrack'
import { nextProcessingTrack } from './tracks'

const INTERVAL_MS = 2000

/**
 * Processes tracks waiting for their renditions, one at a time across every instance on the
 * database: each round holds a PostgreSQL advisory lock, so a track is made by one instance only.
 * A track left `processing` by an instance that stopped or died is taken up again by the next round.
 */
export function startTrackProcessor(payload: Payload): Poller {
  return pollEvery(payload, 'Track processing', INTERVAL_MS, (signal) =>
    withAdvisoryLock(payload, TRACKS_LOCK, async () => {
      for (let track = await nextProcessingTrack(payload); track && !signal.aborted;) {
        await processTrack(payload, track, signal)
        track = signal.aborted ? null : await nextProcessingTrack(payload)
      }
    }),
  )
}
