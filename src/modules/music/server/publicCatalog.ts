// No 'server-only' import: the public pages' getStaticProps (src/pages, where that marker is
// refused) read through this module, by way of the site's cached public reads.
import type { Payload } from 'payload'

import type { Release } from '@/payload-types'
import type { PublicRelease } from '@/modules/music/contract/publicPage'
import { serializePublicRelease } from '@/modules/music/contract/serializers'
import { serializePublicTrack } from '@/modules/music/contract/track'

import { tracksOf } from './tracks'

/** Active releases, newest first: what anyone may read. */
export async function activeReleases(payload: Payload): Promise<Release[]> {
  const { docs } = await payload.find({
    collection: 'releases',
    where: { isActive: { equals: true } },
    sort: ['-releaseDate', 'title'],
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return docs
}

/**
 * Active releases, newest first, each with its ready tracks in position order: what the public
 * pages show (a track still processing, or failed, is not listed).
 */
export async function publicReleasesWithTracks(payload: Payload): Promise<PublicRelease[]> {
  const releases = await activeReleases(payload)
  return Promise.all(
    releases.map(async (release) => ({
      ...serializePublicRelease(release),
      tracks: (await tracksOf(payload, release.id)).filter((t) => t.status === 'ready').map(serializePublicTrack),
    })),
  )
}
