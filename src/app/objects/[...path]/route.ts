import { handle } from '@/platform/http'
import { serveObject } from '@/platform/http/objects'

type Context = { params: Promise<{ path: string[] }> }

export const dynamic = 'force-dynamic'

export const GET = handle(async (request: Request, { params }: Context) =>
  serveObject(request, (await params).path, true),
)

export const HEAD = handle(async (request: Request, { params }: Context) =>
  serveObject(request, (await params).path, false),
)
