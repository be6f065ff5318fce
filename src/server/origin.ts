import 'server-only'

import { siteUrl } from './env'
import { HttpError } from './errors'

/**
 * Refuses state-changing requests that a browser sent from another site. Requests without an
 * Origin header (non-browser clients) carry no ambient credentials the other site could abuse.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin')
  if (origin && origin !== new URL(siteUrl()).origin) {
    throw new HttpError(403, 'Cross-site requests are not allowed.')
  }
  if (!origin && request.headers.get('sec-fetch-site') === 'cross-site') {
    throw new HttpError(403, 'Cross-site requests are not allowed.')
  }
}
