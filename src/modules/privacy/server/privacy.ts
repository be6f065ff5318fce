import { createHash } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { withTransaction } from '@/platform/db/transaction'
import type { User } from '@/payload-types'
import type { ErasureCounts, PersonalData } from '@/modules/privacy/contract'

import { PERSONAL_DATA_SOURCES } from './sources'

/** The lists every answer has, even when no source fills them yet. */
const EMPTY_LISTS = { orders: [], backInStock: [], deliveries: [], queuedEmails: [], downloadGrants: [] }

/** Everything the site holds for `email` (lowercased), read in one transaction. */
export async function findPersonalData(payload: Payload, email: string): Promise<PersonalData> {
  return withTransaction(payload, async (tx) => {
    const found: Record<string, unknown[]> = {}
    for (const source of PERSONAL_DATA_SOURCES) found[source.key] = await source.find(tx, email)
    const { subscribers = [], ...lists } = found
    return { email, subscriber: (subscribers[0] as PersonalData['subscriber']) ?? null, ...EMPTY_LISTS, ...lists }
  })
}

/** The SHA-256 of the address, as the erasure log keeps it. */
export const addressHash = (email: string) => createHash('sha256').update(email).digest('hex')

/**
 * Erases what the site holds for `email` (lowercased) in one transaction: every source deletes its
 * records (orders are anonymised, their amounts kept), and the erasure is logged with the
 * address's hash, the time and who asked (null: the person
 * themselves, through a mailed link). An unknown address erases nothing and is logged too.
 */
export async function erasePersonalData(payload: Payload, email: string, by: User | null): Promise<ErasureCounts> {
  return withTransaction(payload, async (tx) => {
    const counts: Record<string, number> = { subscribers: 0, orders: 0, backInStock: 0, deliveries: 0, queuedEmails: 0 }
    for (const source of PERSONAL_DATA_SOURCES) counts[source.key] = await source.erase(tx, email)
    await tx.execute(
      sql`INSERT INTO privacy_erasures (email_sha256, erased_by_id, counts)
          VALUES (${addressHash(email)}, ${by?.id ?? null}, ${JSON.stringify(counts)}::jsonb)`,
    )
    return counts as ErasureCounts
  })
}
