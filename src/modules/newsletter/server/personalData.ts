import { sql } from '@payloadcms/db-postgres'

import type { PersonalDataSource } from '@/platform/db/personalData'

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null)

type SubscriberRow = {
  id: string
  email: string
  status: string
  source: string
  signed_up_at: string | null
  confirmed_at: string | null
  unsubscribed_at: string | null
  bounced_at: string | null
  city: string | null
  state: string | null
  created_at: string
}

/** The newsletter subscriber with this address (at most one: addresses are unique), with its state. */
export const subscriberData: PersonalDataSource = {
  key: 'subscribers',
  find: async (tx, email) =>
    (await tx.execute<SubscriberRow>(sql`SELECT * FROM subscribers WHERE lower(email) = ${email}`)).map((r) => ({
      id: String(r.id),
      email: r.email,
      status: r.status,
      source: r.source,
      signedUpAt: iso(r.signed_up_at ?? r.created_at),
      confirmedAt: iso(r.confirmed_at),
      unsubscribedAt: iso(r.unsubscribed_at),
      bouncedAt: iso(r.bounced_at),
      city: r.city,
      state: r.state,
    })),
  erase: async (tx, email) =>
    (await tx.execute(sql`DELETE FROM subscribers WHERE lower(email) = ${email} RETURNING id`)).length,
}

type DeliveryRow = { campaign_id: string; subject: string; status: string; sent_at: string | null }

const deliveriesOf = (email: string) =>
  sql`lower(r.email) = ${email} OR r.subscriber_id IN (SELECT id FROM subscribers WHERE lower(email) = ${email})`

/** The campaigns sent (or to be sent) to the address, one delivery each. */
export const deliveryData: PersonalDataSource = {
  key: 'deliveries',
  find: async (tx, email) =>
    (
      await tx.execute<DeliveryRow>(
        sql`SELECT r.campaign_id, c.subject, r.status, r.sent_at FROM campaign_recipients r
            JOIN campaigns c ON c.id = r.campaign_id WHERE ${deliveriesOf(email)} ORDER BY c.created_at`,
      )
    ).map((r) => ({ campaignId: String(r.campaign_id), subject: r.subject, status: r.status, sentAt: iso(r.sent_at) })),
  erase: async (tx, email) =>
    (await tx.execute(sql`DELETE FROM campaign_recipients r WHERE ${deliveriesOf(email)} RETURNING r.campaign_id`))
      .length,
}
