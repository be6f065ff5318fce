import { serializePublicRelease } from '@/modules/music/contract/serializers'
import { serializePublicTrack } from '@/modules/music/contract/track'
import { activeRelease } from '@/modules/music/server/publicReleases'
import { tracksOf } from '@/modules/music/server/tracks'
import { payloadClient } from '@/platform/db/payload'
import { handle, json, parseId } from '@/platform/http'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string }> }

/**
 * One active release with its tracks (title, position, duration, streaming and the stream URL of
 * a playable one): public data only; an inactive or unknown one answers 404.
 */
export const GET = handle(async (_request: Request, { params }: Context) => {
  const id = parseId((await params).id, 'Release not found')
  const payload = await payloadClient()
  const release = await activeRelease(payload, id)
  const tracks = await tracksOf(payload, release.id)
  return json({ ...serializePublicRelease(release), tracks: tracks.map(serializePublicTrack) })
})
