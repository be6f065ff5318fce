import type { Payload } from 'payload'

import { EMAIL_QUEUE } from '@/platform/email/sendEmailTask'

import { JOB_RUNNER_LOCK, withAdvisoryLock } from './advisoryLock'
import { pollEvery, type Poller } from './poll'
import type { BackgroundWork, QueryClient } from './registry'

const INTERVAL_MS = 2000
const BATCH = 20
const PURGE_EVERY_MS = 60 * 60 * 1000
/** Finished jobs (their emails hold customers' addresses) are kept this long, then deleted. */
export const KEEP_FINISHED_JOBS_DAYS = 30

/**
 * Runs queued jobs every 2 seconds, one runner at a time across every instance on the database:
 * each round holds a PostgreSQL advisory lock, so a job is claimed and sent by one instance only
 * (Payload's own claim is a read followed by an update, which two instances can both win).
 * Whoever holds the lock is the only runner, so a job still marked as processing was left by a
 * runner that died mid-job and is released to run again.
 */
export function startJobRunner(
  payload: Payload,
  { eachRound, hourly }: Pick<BackgroundWork, 'eachRound' | 'hourly'>,
): Poller {
  let lastPurge = 0

  return pollEvery(payload, 'Background jobs', INTERVAL_MS, (signal) =>
    withAdvisoryLock(payload, JOB_RUNNER_LOCK, async (client) => {
      await client.query(`UPDATE payload_jobs SET processing = false WHERE processing AND queue = $1`, [EMAIL_QUEUE])
      // The modules' work first (low-stock crossings and restocks become emails), so this round sends them.
      for (const work of eachRound) await work(payload)
      // Batches until the queue has nothing due (at most 5 per round, so the lock is handed on).
      for (let i = 0; i < 5 && !signal.aborted; i++) {
        const result = await payload.jobs.run({ queue: EMAIL_QUEUE, limit: BATCH, silent: { info: true } })
        if (result.noJobsRemaining) break
      }
      if (Date.now() - lastPurge > PURGE_EVERY_MS && !signal.aborted) {
        lastPurge = Date.now()
        await purgeFinishedJobs(client)
        for (const work of hourly) await work(client)
      }
    }),
  )
}

/** Deletes jobs that finished more than 30 days ago. Jobs that failed for good stay for the owner. */
export async function purgeFinishedJobs(client: QueryClient): Promise<number> {
  const result = await client.query(
    `DELETE FROM payload_jobs WHERE completed_at IS NOT NULL AND completed_at < now() - make_interval(days => $1)`,
    [KEEP_FINISHED_JOBS_DAYS],
  )
  return result.rowCount ?? 0
}
