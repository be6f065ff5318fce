import 'server-only'

import { siteUrl } from '@/platform/runtime/env'
import { forbidden } from '@/platform/errors'

/**
 * Refuses state-changing requests that a browser sent from another site. Requests without an
 * Origin header (non-browser clients) carry no ambient credentials the other site could abuse.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin')
  if (origin && origin !== new URL(siteUrl()).origin) {
    throw forbidden('Cross-site requests are not allowed.')
  }
  if (!origin && request.headers.get('sec-fetch-site') === 'cross-site') {
    throw forbidden('Cross-site requests are not allowed.')
  }
}

/**
 * Whether a GET navigation came from another site: `Sec-Fetch-Site` when the browser sends it
 * (`same-origin`, or `none` for an address typed in, come from the site itself), otherwise an
 * `Origin` or `Referer` of another origin. A request with none of them is taken as the site's own.
 */
export function isCrossSiteNavigation(request: Request): boolean {
  const site = new URL(siteUrl()).origin
  const fetchSite = request.headers.get('sec-fetch-site')
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none'
  const origin = request.headers.get('origin')
  if (origin) return origin !== site
  const referer = request.headers.get('referer')
  if (!referer) return false
  try {
    return new URL(referer).origin !== site
  } catch {
    return true
  }
}
