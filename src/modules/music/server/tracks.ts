import type { Payload } from 'payload'

import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { revalidatePublic } from '@/platform/cache/revalidate'
import { withPoolTransaction } from '@/platform/db/transaction'
import { invalid, notFound } from '@/platform/errors'
import { poolOf } from '@/platform/jobs/advisoryLock'
import type { StreamingMode, Track } from '@/modules/music/contract/track'

/** A release's tracks live in the `tracks` table (see the music_tracks migration), read and written in SQL. */
const COLUMNS = `id, release_id AS "releaseId", title, position, master_key AS "masterKey", status,
  failure_reason AS "failureReason", duration_seconds AS "durationSeconds", streaming, instant`

export const TRACK_NOT_FOUND = 'Track not found'

/** The public pages show the tracks: every committed change to one drops the cached releases. */
const tracksChanged = () => revalidatePublic(CACHE_TAGS.releases)

/** A release's tracks in position order. */
export async function tracksOf(payload: Payload, releaseId: string): Promise<Track[]> {
  const { rows } = await poolOf(payload).query<Track>(
    `SELECT ${COLUMNS} FROM tracks WHERE release_id = $1 ORDER BY position, created_at`,
    [releaseId],
  )
  return rows
}

/** One track of a release; another release's track, or none, is "Track not found". */
export async function trackOf(payload: Payload, releaseId: string, trackId: string): Promise<Track> {
  const { rows } = await poolOf(payload).query<Track>(
    `SELECT ${COLUMNS} FROM tracks WHERE id = $1 AND release_id = $2`,
    [trackId, releaseId],
  )
  if (!rows[0]) throw notFound(TRACK_NOT_FOUND)
  return rows[0]
}

/** A new track, last of its release, waiting for its renditions. */
export async function insertTrack(
  payload: Payload,
  data: { releaseId: string; title: string; masterKey: string; streaming?: StreamingMode },
): Promise<Track> {
  const { rows } = await poolOf(payload).query<Track>(
    `INSERT INTO tracks (release_id, title, master_key, streaming, position)
     VALUES ($1, $2, $3, $4, (SELECT coalesce(max(position), 0) + 1 FROM tracks WHERE release_id = $1))
     RETURNING ${COLUMNS}`,
    [data.releaseId, data.title, data.masterKey, data.streaming ?? 'preview'],
  )
  await tracksChanged()
  return rows[0]!
}

/**
 * Changes a track's title, streaming and instant flag, and moves it to `position` (the others close up behind
 * or make room, so positions stay 1…n). Answers the track as it is now.
 */
export async function updateTrack(
  payload: Payload,
  track: Track,
  change: { title?: string; position?: number; streaming?: StreamingMode; instant?: boolean },
): Promise<Track> {
  await withPoolTransaction(poolOf(payload), async (client) => {
    await client.query(`SELECT id FROM tracks WHERE release_id = $1 ORDER BY position FOR UPDATE`, [track.releaseId])
    await client.query(
      `UPDATE tracks SET title = coalesce($2, title), streaming = coalesce($3, streaming),
         instant = coalesce($4, instant), updated_at = now() WHERE id = $1`,
      [track.id, change.title ?? null, change.streaming ?? null, change.instant ?? null],
    )
    if (change.position !== undefined) {
      const { rows } = await client.query<{ id: string }>(
        `SELECT id FROM tracks WHERE release_id = $1 AND id <> $2 ORDER BY position, created_at`,
        [track.releaseId, track.id],
      )
      const order = rows.map((r) => r.id)
      order.splice(Math.min(change.position, order.length + 1) - 1, 0, track.id)
      await client.query(
        `UPDATE tracks SET position = o.n FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, n) WHERE tracks.id = o.id`,
        [order],
      )
    }
  })
  await tracksChanged()
  return trackOf(payload, track.releaseId, track.id)
}

/**
 * Puts a release's tracks in the order of `trackIds` (positions 1…n). The list must name every
 * track of the release once, no more: a list made before a track was added or deleted is refused.
 */
export async function reorderTracks(payload: Payload, releaseId: string, trackIds: string[]): Promise<Track[]> {
  await withPoolTransaction(poolOf(payload), async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM tracks WHERE release_id = $1 ORDER BY position FOR UPDATE`,
      [releaseId],
    )
    const current = new Set(rows.map((r) => r.id))
    if (
      new Set(trackIds).size !== trackIds.length ||
      trackIds.length !== current.size ||
      !trackIds.every((id) => current.has(id))
    )
      throw invalid('Please check the highlighted fields.', {
        trackIds: 'List every track of the release once (reload: its tracks changed).',
      })
    await client.query(
      `UPDATE tracks SET position = o.n, updated_at = now()
       FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, n) WHERE tracks.id = o.id AND tracks.position <> o.n`,
      [trackIds],
    )
  })
  await tracksChanged()
  return tracksOf(payload, releaseId)
}

/** Counts one play of a track (a stream request from its first byte). */
export async function countPlay(payload: Payload, trackId: string): Promise<void> {
  await poolOf(payload).query(
    `INSERT INTO track_plays (track_id, plays) VALUES ($1, 1)
     ON CONFLICT (track_id) DO UPDATE SET plays = track_plays.plays + 1`,
    [trackId],
  )
}

/** Deletes a track; the tracks after it move up one. */
export async function deleteTrack(payload: Payload, track: Track): Promise<void> {
  await poolOf(payload).query(
    `WITH gone AS (DELETE FROM tracks WHERE id = $1 RETURNING release_id, position)
     UPDATE tracks SET position = tracks.position - 1 FROM gone
     WHERE tracks.release_id = gone.release_id AND tracks.position > gone.position`,
    [track.id],
  )
  await tracksChanged()
}

/** The next track waiting for its renditions, oldest first, or null. */
export async function nextProcessingTrack(payload: Payload): Promise<Track | null> {
  const { rows } = await poolOf(payload).query<Track>(
    `SELECT ${COLUMNS} FROM tracks WHERE status = 'processing' ORDER BY created_at LIMIT 1`,
  )
  return rows[0] ?? null
}

/** Records how a track's processing ended; false when the track was deleted meanwhile. */
export async function finishTrack(
  payload: Payload,
  id: string,
  result: { status: 'ready'; durationSeconds: number } | { status: 'failed'; reason: string },
): Promise<boolean> {
  const { rowCount } = await poolOf(payload).query(
    `UPDATE tracks SET status = $2, duration_seconds = $3, failure_reason = $4, updated_at = now()
     WHERE id = $1 AND status = 'processing'`,
    [
      id,
      result.status,
      result.status === 'ready' ? result.durationSeconds : null,
      result.status === 'failed' ? result.reason.slice(0, 300) : null,
    ],
  )
  if (rowCount) await tracksChanged()
  return (rowCount ?? 0) > 0
}
