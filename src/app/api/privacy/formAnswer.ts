import { escapeHtml } from '@/lib/escapeHtml'
import { handle, isFormPost, toErrorResponse } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

/**
 * A fan's privacy route: refuses other sites' posts; a JSON caller gets errors as JSON, a form
 * posted without the page's script gets a plain page with the error's status and message and a
 * way back to ask again.
 */
export function privacyRoute(fn: (request: Request, form: boolean) => Promise<Response>) {
  return handle(async (request: Request) => {
    assertSameOrigin(request)
    const form = isFormPost(request)
    if (!form) return fn(request, false)
    try {
      return await fn(request, true)
    } catch (error) {
      const answer = toErrorResponse(error)
      const body = (await answer.json()) as { message: string; errors?: Record<string, string> }
      const message = Object.values(body.errors ?? {})[0] ?? body.message
      const retryAfter = answer.headers.get('Retry-After')
      return new Response(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your personal data</title>` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
          `<body style="font-family:sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem">` +
          `<h1>Your personal data</h1><p role="alert">${escapeHtml(message)}</p>` +
          `<p><a href="/privacy/request">Ask for a new link</a></p></body></html>`,
        {
          status: answer.status,
          headers: {
            'Content-Type': 'text/html; charset=utf-8',
            'Cache-Control': 'private, no-store',
            ...(retryAfter ? { 'Retry-After': retryAfter } : {}),
          },
        },
      )
    }
  })
}
