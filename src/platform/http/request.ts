/**
 * The browser's one way to call the site's API, under the dashboard's and the checkout's
 * clients: the session cookie goes along, a body is sent as JSON, reads give up after 8 s with
 * 'Query timeout' and writes after 10 s with 'Request timeout'. The answer is returned whatever
 * its status; each client decides what a non-OK answer means.
 */

export const READ_TIMEOUT_MS = 8_000
export const WRITE_TIMEOUT_MS = 10_000

export async function sendRequest(
  method: string,
  url: string,
  { body, signal }: { body?: unknown; signal?: AbortSignal } = {},
): Promise<Response> {
  const read = method === 'GET' || method === 'HEAD'
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(
    () => {
      timedOut = true
      controller.abort()
    },
    read ? READ_TIMEOUT_MS : WRITE_TIMEOUT_MS,
  )
  const onOuterAbort = () => controller.abort(signal?.reason)
  if (signal?.aborted) controller.abort(signal.reason)
  signal?.addEventListener('abort', onOuterAbort)
  try {
    return await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    })
  } catch (error) {
    if (timedOut) throw new Error(read ? 'Query timeout' : 'Request timeout')
    throw error
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onOuterAbort)
  }
}
