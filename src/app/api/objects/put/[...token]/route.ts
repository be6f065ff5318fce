import { handle, json } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'
import { receiveUpload } from '@/server/storage/uploads'

type Context = { params: Promise<{ token: string[] }> }

/** The local upload URL: the signed token in the path is the only permission it needs. */
export const PUT = handle(async (request: Request, { params }: Context) => {
  assertSameOrigin(request)
  const objectPath = await receiveUpload(request, (await params).token)
  return json({ objectPath })
})
