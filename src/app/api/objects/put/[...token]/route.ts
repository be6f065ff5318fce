import { handle, json } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'
import { receiveUpload } from '@/platform/storage/uploads'

type Context = { params: Promise<{ token: string[] }> }

/** The local upload URL: the signed token in the path is the only permission it needs. */
export const PUT = handle(async (request: Request, { params }: Context) => {
  assertSameOrigin(request)
  const objectPath = await receiveUpload(request, (await params).token)
  return json({ objectPath })
})
