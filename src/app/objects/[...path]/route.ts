import { handle } from '@/server/http'
import { serveObject } from '@/server/http/objects'

type Context = { params: Promise<{ path: string[] }> }

export const dynamic = 'force-dynamic'

export const GET = handle(async (request: Request, { params }: Context) =>
  serveObject(request, (await params).path, true),
)

export const HEAD = handle(async (request: Request, { params }: Context) =>
  serveObject(request, (await params).path, false),
)
