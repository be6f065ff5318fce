import 'server-only'

import type { Payload } from 'payload'
import type { z } from 'zod'

import { masterKeyFromAudioURL } from '@/lib/objectPath'
import type { Track, trackCreateSchema } from '@/modules/music/contract/track'
import { conflict, invalid, isDomainError, notFound } from '@/platform/errors'
import { poolOf } from '@/platform/jobs/advisoryLock'
import { objectStore } from '@/platform/storage'

import { MASTER_MISSING, withLocalFile } from './localCopy'
import { deleteRenditions } from './processTrack'
import { probeAudio } from './probeAudio'
import { deleteTrack, insertTrack } from './tracks'

/**
 * Adds a track to a release from an audio master the dashboard uploaded: the upload must be one
 * this site handed out for audio and be a WAV, AIFF or FLAC file ffprobe reads (else 415, and the
 * upload is deleted). The track is `processing` until the background processor has made its
 * renditions.
 */
export async function addTrack(
  payload: Payload,
  releaseId: string,
  input: z.infer<typeof trackCreateSchema>,
): Promise<Track> {
  const masterKey = masterKeyFromAudioURL(input.audioURL)
  if (!masterKey)
    throw invalid('Please check the highlighted fields.', {
      audioURL: 'Use the audio upload URL this site gave you.',
    })
  const store = objectStore()
  if (!(await store.stat(masterKey))) throw notFound(MASTER_MISSING)
  const { rows } = await poolOf(payload).query(`SELECT 1 FROM tracks WHERE master_key = $1`, [masterKey])
  if (rows.length > 0) throw conflict('This audio file is already a track. Please upload it again.')
  try {
    await withLocalFile(masterKey, probeAudio)
  } catch (error) {
    if (isDomainError(error, 'unsupported')) await store.delete(masterKey)
    throw error
  }
  return insertTrack(payload, { releaseId, title: input.title, masterKey, streaming: input.streaming })
}

/** Deletes a track with its master and renditions. */
export async function removeTrack(payload: Payload, track: Track): Promise<void> {
  await deleteTrack(payload, track)
  await Promise.all([objectStore().delete(track.masterKey), deleteRenditions(track.id)])
}
