import { downloadLinkAnswer } from '@/modules/music/server/downloads'
import { handle, json } from '@/platform/http'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ token: string }> }

/** A download link's releases, their formats and the downloads left (public: the token is the key). */
export const GET = handle(async (_request: Request, { params }: Context) => {
  const { token } = await params
  return json(await downloadLinkAnswer(token), { headers: { 'Cache-Control': 'private, no-store' } })
})
