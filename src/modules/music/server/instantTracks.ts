import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { query } from '@/platform/db/transaction'

export type InstantTrack = { id: string; title: string; position: number }

/** The ready instant tracks of these releases, in their order, by release. */
export async function instantTracksOf(payload: Payload, releaseIds: string[]): Promise<Map<string, InstantTrack[]>> {
  const byRelease = new Map<string, InstantTrack[]>()
  if (releaseIds.length === 0) return byRelease
  const rows = await query<InstantTrack & { releaseId: string }>(
    payload,
    sql`SELECT id, title, position, release_id AS "releaseId" FROM tracks
        WHERE release_id IN (${sql.join(
          releaseIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) AND instant AND status = 'ready'
        ORDER BY position, created_at`,
  )
  for (const { releaseId, ...track } of rows) byRelease.set(releaseId, [...(byRelease.get(releaseId) ?? []), track])
  return byRelease
}

/** One ready instant track of the release, or null. */
export async function instantTrack(payload: Payload, releaseId: string, trackId: string): Promise<InstantTrack | null> {
  const [track] = await query<InstantTrack>(
    payload,
    sql`SELECT id, title, position FROM tracks
        WHERE id = ${trackId}::uuid AND release_id = ${releaseId}::uuid AND instant AND status = 'ready'`,
  )
  return track ?? null
}
