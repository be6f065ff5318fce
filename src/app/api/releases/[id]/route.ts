import { serializePublicRelease } from '@/modules/music/contract/serializers'
import { activeRelease } from '@/modules/music/server/publicReleases'
import { payloadClient } from '@/platform/db/payload'
import { handle, json, parseId } from '@/platform/http'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string }> }

/** One active release: public data only; an inactive or unknown one answers 404. */
export const GET = handle(async (_request: Request, { params }: Context) => {
  const id = parseId((await params).id, 'Release not found')
  return json(serializePublicRelease(await activeRelease(await payloadClient(), id)))
})
