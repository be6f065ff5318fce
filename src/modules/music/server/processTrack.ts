import path from 'node:path'

import type { Payload } from 'payload'

import type { Track } from '@/modules/music/contract/track'
import { isDomainError } from '@/platform/errors'
import { objectStore } from '@/platform/storage'

import { runFfmpeg } from './ffmpeg'
import { withLocalFile, withTempDir } from './localCopy'
import { probeAudio } from './probeAudio'
import { renditionArgs, renditionKey, renditionKeys, RENDITIONS, type RenditionName, type Tags } from './renditions'
import { finishTrack } from './tracks'

/** The tags of a track: its title and number, the band's name, the release's title and year. */
async function tagsOf(payload: Payload, track: Track): Promise<Tags> {
  const [release, band] = await Promise.all([
    payload.findByID({ collection: 'releases', id: track.releaseId, depth: 0, overrideAccess: true }),
    payload.findGlobal({ slug: 'band-profile', depth: 0, overrideAccess: true }),
  ])
  return {
    title: track.title,
    artist: band.name ?? '',
    album: release.title,
    track: track.position,
    year: release.releaseDate.slice(0, 4),
  }
}

/** Removes every rendition of a track (those not made yet are simply absent). */
export async function deleteRenditions(trackId: string): Promise<void> {
  const store = objectStore()
  await Promise.all(renditionKeys(trackId).map((key) => store.delete(key)))
}

/** A short reason a track could not be processed, as the team sees it. */
const reasonOf = (error: unknown) =>
  isDomainError(error) || error instanceof Error ? error.message : 'The audio could not be processed'

/**
 * Makes a track's renditions from its master: reads its duration, makes each rendition in a
 * temporary folder (removed afterwards) and stores it. The track is then `ready` with its
 * duration, or `failed` with a short reason. Stopping `signal` leaves it `processing`, to be
 * made again later.
 */
export async function processTrack(payload: Payload, track: Track, signal?: AbortSignal): Promise<void> {
  let durationSeconds: number
  try {
    durationSeconds = await withLocalFile(track.masterKey, async (master) => {
      const { durationSeconds: seconds } = await probeAudio(master)
      const tags = await tagsOf(payload, track)
      await withTempDir(async (dir) => {
        for (const name of Object.keys(RENDITIONS) as RenditionName[]) {
          const output = path.join(dir, `${name}.${RENDITIONS[name].ext}`)
          await runFfmpeg(renditionArgs(name, master, output, tags), signal)
          await objectStore().putFile(renditionKey(track.id, name), output, RENDITIONS[name].type)
        }
      })
      return seconds
    })
  } catch (error) {
    if (signal?.aborted) return
    await deleteRenditions(track.id)
    await finishTrack(payload, track.id, { status: 'failed', reason: reasonOf(error) })
    return
  }
  // A track deleted meanwhile leaves nothing behind.
  if (!(await finishTrack(payload, track.id, { status: 'ready', durationSeconds }))) await deleteRenditions(track.id)
}
