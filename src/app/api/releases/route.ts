import { serializePublicRelease } from '@/modules/music/contract/serializers'
import { activeReleases } from '@/modules/music/server/publicReleases'
import { payloadClient } from '@/platform/db/payload'
import { handle, json } from '@/platform/http'

export const dynamic = 'force-dynamic'

/** The band's active releases, newest first: public data only. */
export const GET = handle(async () => {
  const releases = await activeReleases(await payloadClient())
  return json(releases.map(serializePublicRelease))
})
