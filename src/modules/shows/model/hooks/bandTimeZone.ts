import type { PayloadRequest, RequestContext } from 'payload'

import { siteTimeZone } from '@/platform/runtime/env'

/**
 * The band's time zone, which every show without its own follows: the band profile's, else
 * SITE_TIME_ZONE, else UTC. Read once per request and kept in its context, so a list of shows
 * reads the profile once; a change of the band's zone puts the new one there before it moves the
 * shows that follow it.
 */
export function bandTimeZone(req: PayloadRequest, context: RequestContext): Promise<string> {
  const known = context.bandTimeZone as Promise<string> | string | undefined
  if (known !== undefined) return Promise.resolve(known)
  const reading = req.payload
    .findGlobal({ slug: 'band-profile', depth: 0, req, overrideAccess: true })
    .then((profile) => siteTimeZone(profile.timeZone))
  context.bandTimeZone = reading
  return reading
}
