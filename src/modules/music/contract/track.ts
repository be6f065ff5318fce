import { z } from 'zod'

import { requiredText } from '@/lib/schemas/fields'

import { STREAMING_MODES, type StreamingMode } from './streaming'

export { PREVIEW_SECONDS, STREAMING_MODES, type StreamingMode } from './streaming'

export const TRACK_STATUSES = ['processing', 'ready', 'failed'] as const
export type TrackStatus = (typeof TRACK_STATUSES)[number]

/** A track as it is stored (the master's key is private: it never leaves the server). */
export type Track = {
  id: string
  releaseId: string
  title: string
  position: number
  masterKey: string
  status: TrackStatus
  failureReason: string | null
  durationSeconds: number | null
  streaming: StreamingMode
  /** A pre-order buyer may download this track at once, before the release date. */
  instant: boolean
}

const title = requiredText('Track title is required')
const streaming = z.enum(STREAMING_MODES, { error: 'Streaming is "full", "preview" or "none"' })

/** Body of `POST /api/admin/releases/{id}/tracks`: the title and the audio master's upload URL. */
export const trackCreateSchema = z.object({
  title,
  audioURL: z
    .string({ error: 'audioURL is required' })
    .trim()
    .min(1, 'audioURL is required')
    .max(4000, 'audioURL is too long'),
  streaming: streaming.optional(),
})

/** Body of `PUT /api/admin/releases/{id}/tracks/{trackId}`: the fields sent change. */
export const trackUpdateSchema = z.object({
  title: title.optional(),
  position: z
    .number({ error: 'Position is a whole number from 1' })
    .int('Position is a whole number from 1')
    .min(1, 'Position is a whole number from 1')
    .max(10_000, 'Position is a whole number from 1')
    .optional(),
  streaming: streaming.optional(),
  instant: z.boolean({ error: 'instant is true or false' }).optional(),
})

/** Body of `PUT /api/admin/releases/{id}/tracks/order`: every track of the release, in the new order. */
export const trackOrderSchema = z.object({
  trackIds: z
    .array(z.string({ error: "trackIds lists the release's track ids" }), {
      error: "trackIds lists the release's track ids",
    })
    .max(1000, "trackIds lists the release's track ids"),
})

/** The team's view of a track. */
export const serializeTrack = (t: Track) => ({
  id: t.id,
  title: t.title,
  position: t.position,
  status: t.status,
  failureReason: t.failureReason,
  durationSeconds: t.durationSeconds,
  streaming: t.streaming,
  instant: t.instant,
})

/** Whether the public may play the track (and so gets its stream URL). */
export const isPlayable = (t: Track) => t.status === 'ready' && t.streaming !== 'none'

/** What anyone may read of a track of an active release: never its master. */
export const serializePublicTrack = (t: Track) => ({
  id: t.id,
  title: t.title,
  position: t.position,
  durationSeconds: t.status === 'ready' ? t.durationSeconds : null,
  streaming: t.streaming,
  streamURL: isPlayable(t) ? `/api/releases/${t.releaseId}/tracks/${t.id}/stream` : null,
})
