import { downloadLinkAnswer } from '@/modules/music/server/downloads'
import { downloadsErrorPage, downloadsPage } from '@/modules/music/ui/downloadsPage'
import { handle, toErrorResponse } from '@/platform/http'
import { isDomainError } from '@/platform/errors'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ token: string }> }

const HTML = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' }

/**
 * A mailed download link's page (plain HTML, no script): the releases with a link per format. An
 * unknown link answers 404 and an expired or refunded one 410, each with a page saying why and
 * where to get a new link.
 */
export const GET = handle(async (_request: Request, { params }: Context) => {
  const { token } = await params
  try {
    return new Response(downloadsPage(await downloadLinkAnswer(token)), { headers: HTML })
  } catch (error) {
    if (!isDomainError(error, 'notFound') && !isDomainError(error, 'gone')) throw error
    const { status } = toErrorResponse(error)
    return new Response(downloadsErrorPage(error.message), { status, headers: HTML })
  }
})
