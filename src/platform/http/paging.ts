import 'server-only'

import type { Page } from '@/platform/db/paging'

import { json } from './index'

/**
 * A page as the API answers it: a JSON array, the total in X-Total-Count (and, for subscribers,
 * the confirmed ones of it in X-Confirmed-Count), and the next page's URL (same filters, the next
 * cursor) in a Link header when there is one.
 */
export function pageResponse<T>(request: Request, page: Page<T>): Response {
  const headers: Record<string, string> = { 'X-Total-Count': String(page.total) }
  if (page.confirmed !== undefined) headers['X-Confirmed-Count'] = String(page.confirmed)
  if (page.next) {
    const url = new URL(request.url)
    url.searchParams.set('cursor', page.next)
    headers.Link = `<${url.pathname}${url.search}>; rel="next"`
  }
  return json(page.rows, { headers })
}
