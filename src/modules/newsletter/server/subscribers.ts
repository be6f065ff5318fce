import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { Subscriber } from '@/modules/newsletter/contract/types'
import type { SubscriberSource, SubscriberStatus } from '@/modules/newsletter/contract/subscriberStatus'
import type { ListQuery } from '@/lib/schemas/lists'
import type { User } from '@/payload-types'

import { cursorBatches } from '@/platform/db/dbCursor'
import { payloadClient } from '@/platform/db/payload'
import { query } from '@/platform/db/transaction'

import { findOr404 } from '@/platform/db/crud'
import { afterCursor, decodeCursor, encodeCursor, isoTime, likePrefix, type Page } from '@/platform/db/paging'

type RawSubscriber = {
  id: string
  email: string
  status: SubscriberStatus
  source: SubscriberSource
  signed_up_at: string | null
  confirmed_at: string | null
  unsubscribed_at: string | null
  city: string | null
  state: string | null
  created_at: string | null
}

const toSubscriber = (r: RawSubscriber): Subscriber => ({
  id: r.id,
  email: r.email,
  isActive: r.status === 'confirmed',
  status: r.status,
  source: r.source,
  signedUpAt: r.signed_up_at,
  confirmedAt: r.confirmed_at,
  unsubscribedAt: r.unsubscribed_at,
  city: r.city,
  state: r.state,
  createdAt: r.created_at,
})

const COLUMNS = sql`s.id, s.email, s.status, s.source, ${isoTime(sql`s.signed_up_at`)} AS signed_up_at,
  ${isoTime(sql`s.confirmed_at`)} AS confirmed_at, ${isoTime(sql`s.unsubscribed_at`)} AS unsubscribed_at, s.city, s.state,
  ${isoTime(sql`s.created_at`)} AS created_at`

/** `q` is a prefix of the email (emails are stored lowercased). */
const subscriberFilter = ({ q }: Pick<ListQuery, 'q'>) => (q ? sql`s.email LIKE ${likePrefix(q)}` : sql`TRUE`)

/** One page of subscribers, newest first, the total matching, and how many of those are confirmed. */
export async function listSubscribersPage(params: ListQuery): Promise<Page<Subscriber>> {
  const payload = await payloadClient()
  const cursor = decodeCursor(params.cursor)
  const where = subscriberFilter(params)
  const [rows, counted] = await Promise.all([
    query<RawSubscriber>(
      payload,
      sql`SELECT ${COLUMNS} FROM subscribers s
        WHERE ${where} ${afterCursor(cursor, sql`s`)}
        ORDER BY s.created_at DESC, s.id DESC LIMIT ${params.limit + 1}`,
    ),
    query<{ total: number; confirmed: number }>(
      payload,
      sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE s.status = 'confirmed')::int AS confirmed
        FROM subscribers s WHERE ${where}`,
    ),
  ])
  const more = rows.length > params.limit
  const page = rows.slice(0, params.limit)
  const last = page.at(-1)
  return {
    rows: page.map(toSubscriber),
    next: more && last?.created_at ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    total: counted[0]?.total ?? 0,
    confirmed: counted[0]?.confirmed ?? 0,
  }
}

export const SUBSCRIBER_EXPORT_HEADER = [
  'Email',
  'Subscribed Date',
  'Active',
  'Status',
  'Source',
  'Signed Up',
  'Confirmed',
  'Unsubscribed',
  'City',
  'State',
]

/** Every subscriber matching `q`, newest first, as export rows read through a cursor. */
export async function* subscriberExportRows(filters: Pick<ListQuery, 'q'>): AsyncGenerator<unknown[][]> {
  const payload = await payloadClient()
  const statement = sql`SELECT ${COLUMNS} FROM subscribers s
    WHERE ${subscriberFilter(filters)} ORDER BY s.created_at DESC, s.id DESC`
  for await (const batch of cursorBatches<RawSubscriber>(payload, statement)) {
    yield batch.map((r) => [
      r.email,
      r.created_at,
      r.status === 'confirmed' ? 'yes' : 'no',
      r.status,
      r.source,
      r.signed_up_at,
      r.confirmed_at,
      r.unsubscribed_at,
      r.city,
      r.state,
    ])
  }
}

export async function deleteSubscriber(user: User, id: string) {
  await findOr404('subscribers', id, 'Subscriber not found')
  const payload = await payloadClient()
  await payload.delete({ collection: 'subscribers', id, overrideAccess: false, user })
}
