import type { QueryClient } from '@/platform/jobs/registry'

/** Pending sign-ups never confirmed are deleted after 30 days. */
export const PENDING_KEEP_DAYS = 30

/** Deletes sign-ups left pending for more than 30 days (run hourly by the job runner). */
export async function purgeStalePending(client: QueryClient): Promise<number> {
  const result = await client.query(
    `DELETE FROM subscribers WHERE status = 'pending'
      AND COALESCE(signed_up_at, created_at) < now() - make_interval(days => $1)`,
    [PENDING_KEEP_DAYS],
  )
  return result.rowCount ?? 0
}
