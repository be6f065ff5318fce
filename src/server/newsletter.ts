import 'server-only'

import { ValidationError } from 'payload'

import { enqueueNewSubscriberNotification } from './email/queue'
import { payloadClient } from './payload'
import { withTransaction } from './transaction'

/** Adds (or reactivates) a subscriber; signing up twice keeps one row. Returns true when new. */
export async function subscribe(email: string): Promise<boolean> {
  const payload = await payloadClient()
  const existing = await payload.find({
    collection: 'subscribers',
    where: { email: { equals: email } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  const found = existing.docs[0]
  if (found) {
    if (!found.isActive) {
      await payload.update({ collection: 'subscribers', id: found.id, data: { isActive: true }, overrideAccess: true })
    }
    return false
  }
  try {
    // The subscriber and the notice to the band are saved together: no sign-up without its notice.
    await withTransaction(payload, async ({ req }) => {
      await payload.create({ collection: 'subscribers', data: { email, isActive: true }, overrideAccess: true, req })
      await enqueueNewSubscriberNotification(payload, email, req)
    })
    return true
  } catch (error) {
    // Two sign-ups of the same address at once: the unique index kept one row.
    if (error instanceof ValidationError && error.data.errors.some((e) => e.path === 'email')) return false
    throw error
  }
}
