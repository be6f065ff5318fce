import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { formatCents } from '@/lib/money'
import type { CatalogItem, TillCatalog } from '@/modules/merchTable/contract/till'

import { payloadClient } from '@/platform/db/payload'
import { query } from '@/platform/db/transaction'

import { reserveTillCodes, type TillRelease } from '@/modules/music'
import { catalogRows, itemKey } from '@/modules/stock'
import { boxCountedIn, boxSold } from './box'
import { findShow, type Till } from './tills'

/** A release as the till sells it: as many left as the link holds codes for it. */
const releaseItem = (r: TillRelease): CatalogItem => ({
  productId: r.releaseId,
  productOptionId: null,
  name: r.title,
  size: null,
  price: formatCents(r.priceCents),
  stock: r.codes.length,
  source: 'stock',
  releaseId: r.releaseId,
  codes: r.codes,
})

/**
 * What the till shows: the active products and sizes, their price, and the stock it sells from;
 * then the active releases, each with the download codes the link holds (topped up on each read).
 */
export async function tillCatalog(till: Till): Promise<TillCatalog> {
  const show = await findShow(till.showId)
  const payload = await payloadClient()
  const reader = { execute: <R>(q: ReturnType<typeof sql>) => query<R>(payload, q) }
  const [rows, countedIn, sold, releases] = await Promise.all([
    catalogRows(reader),
    boxCountedIn(reader, till.showId),
    boxSold(reader, till.showId),
    reserveTillCodes(payload, till.id),
  ])
  return {
    show: { id: show.id, title: show.title, venue: show.venue, date: show.date },
    expiresAt: till.expiresAt,
    items: [
      ...rows
        .filter((r) => !(r.hasOptions && !r.optionId))
        .map((r) => {
          const key = itemKey(r)
          const box = countedIn.get(key)
          return {
            productId: r.productId,
            productOptionId: r.optionId,
            name: r.productName,
            size: r.size,
            price: formatCents(r.priceCents),
            stock: box === undefined ? Math.max(0, r.stock) : box - (sold.get(key) ?? 0),
            source: box === undefined ? 'stock' : 'box',
          } satisfies CatalogItem
        }),
      ...releases.map(releaseItem),
    ],
  }
}
