import 'server-only'

import type { Payload } from 'payload'

import { notFound } from '@/platform/errors'
import { parseRange } from '@/platform/http/range'
import { objectStore } from '@/platform/storage'

import { activeRelease } from './publicReleases'
import { renditionKey } from './renditions'
import { countPlay, TRACK_NOT_FOUND, trackOf } from './tracks'

/**
 * `GET /api/releases/{id}/tracks/{trackId}/stream`: a ready track of an active release, the whole
 * stream rendition (`full`) or its first 30 seconds (`preview`); `none`, or a track not ready,
 * is 404. One `Range` of bytes answers 206 with that part; a range it cannot serve, 416. A request
 * from the first byte counts one play.
 */
export async function streamTrack(
  payload: Payload,
  request: Request,
  releaseId: string,
  trackId: string,
): Promise<Response> {
  await activeRelease(payload, releaseId)
  const track = await trackOf(payload, releaseId, trackId)
  if (track.status !== 'ready' || track.streaming === 'none') throw notFound(TRACK_NOT_FOUND)
  const store = objectStore()
  const key = renditionKey(track.id, track.streaming === 'full' ? 'stream' : 'preview')
  const info = await store.stat(key)
  if (!info) throw notFound(TRACK_NOT_FOUND)
  const headers: Record<string, string> = {
    'Content-Type': 'audio/mpeg',
    'Accept-Ranges': 'bytes',
    // The streaming choice may change at any time: no cache keeps an answer.
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  }
  const range = parseRange(request.headers.get('range'), info.size)
  if (range === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${info.size}` } })
  const opened = await store.open(key, range ?? undefined)
  if (!opened) throw notFound(TRACK_NOT_FOUND)
  // A play is a request from the first byte; the player's later range requests are the same play.
  if (!range || range.start === 0) await countPlay(payload, track.id)
  if (!range)
    return new Response(opened.body, { status: 200, headers: { ...headers, 'Content-Length': String(info.size) } })
  return new Response(opened.body, {
    status: 206,
    headers: {
      ...headers,
      'Content-Length': String(range.end - range.start + 1),
      'Content-Range': `bytes ${range.start}-${range.end}/${info.size}`,
    },
  })
}
