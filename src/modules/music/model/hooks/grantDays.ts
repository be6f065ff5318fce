import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook } from 'payload'

import { query } from '@/platform/db/transaction'

/**
 * A release whose date moves takes its waiting pre-orders with it: the grants still waiting for
 * their day (not given at once, not yet mailed on release day) wait for the new date, in the
 * change's transaction. A date moved to today or before makes them due, so the release-day job
 * mails them on its next round. Grants already given stay given.
 */
export const moveWaitingGrants: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update' || !previousDoc || doc.releaseDate === previousDoc.releaseDate) return doc
  await query(
    req.payload,
    sql`UPDATE download_grants SET available_on = ${doc.releaseDate}::date
        WHERE release_id = ${String(doc.id)} AND available_on IS NOT NULL AND release_day_mailed_at IS NULL
          AND revoked_at IS NULL`,
    req,
  )
  return doc
}
