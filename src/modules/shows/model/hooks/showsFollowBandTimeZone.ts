import type { GlobalAfterChangeHook } from 'payload'

import { siteTimeZone } from '@/platform/runtime/env'

/**
 * `afterChange` of the band profile: when the band's time zone changes, every show without a time
 * zone of its own moves with it. Each is saved again in the same transaction, so its start
 * (`startsAt`) is read in the new zone and its calendar revision (`sequence`) rises, which makes
 * calendar apps update the event. The public pages and calendars are rebuilt by the profile's own
 * invalidation, which names the shows too.
 */
export const showsFollowBandTimeZone: GlobalAfterChangeHook = async ({ doc, previousDoc, req }) => {
  const zone = siteTimeZone((doc as { timeZone?: string | null }).timeZone)
  if (zone === siteTimeZone((previousDoc as { timeZone?: string | null } | undefined)?.timeZone)) return doc
  const { docs } = await req.payload.find({
    collection: 'shows',
    where: { or: [{ timeZone: { exists: false } }, { timeZone: { equals: '' } }] },
    pagination: false,
    depth: 0,
    req,
    overrideAccess: true,
  })
  // The Local API merges an operation's context into the request's; the profile's own hooks keep theirs.
  const context = req.context
  try {
    for (const show of docs) {
      await req.payload.update({
        collection: 'shows',
        id: show.id,
        data: { timeZone: null },
        depth: 0,
        req,
        overrideAccess: true,
        context: { bandTimeZone: zone, skipRevalidate: true },
      })
    }
  } finally {
    req.context = context
  }
  req.context.bandTimeZone = zone
  return doc
}
