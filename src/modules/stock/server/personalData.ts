import { sql } from '@payloadcms/db-postgres'

import type { PersonalDataSource } from '@/platform/db/personalData'

type WaitRow = {
  id: string
  product_id: string
  product_option_id: string | null
  product: string | null
  option: string | null
  created_at: string
  notified_at: string | null
  stopped_at: string | null
}

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null)

/** The back-in-stock waits the address signed up for, with the product and size waited for. */
export const backInStockData: PersonalDataSource = {
  key: 'backInStock',
  find: async (tx, email) =>
    (
      await tx.execute<WaitRow>(
        sql`SELECT w.id, w.product_id, w.product_option_id, p.name AS product, o.value AS option,
                   w.created_at, w.notified_at, w.stopped_at
            FROM stock_waits w JOIN products p ON p.id = w.product_id
            LEFT JOIN product_options o ON o.id = w.product_option_id
            WHERE lower(w.email) = ${email} ORDER BY w.created_at`,
      )
    ).map((r) => ({
      id: String(r.id),
      productId: String(r.product_id),
      productOptionId: r.product_option_id ? String(r.product_option_id) : null,
      product: r.product,
      option: r.option,
      createdAt: iso(r.created_at),
      notifiedAt: iso(r.notified_at),
      stoppedAt: iso(r.stopped_at),
    })),
  erase: async (tx, email) =>
    (await tx.execute(sql`DELETE FROM stock_waits WHERE lower(email) = ${email} RETURNING id`)).length,
}
