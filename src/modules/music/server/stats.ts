import type { Payload } from 'payload'

import { poolOf } from '@/platform/jobs/advisoryLock'

/** What a release has done: copies sold (order lines and codes redeemed), its revenue, downloads and plays. */
export type ReleaseStats = { releaseId: string; sales: number; revenueCents: number; downloads: number; plays: number }

const PAID = `('paid', 'shipped', 'completed')`

/** The columns of the tables the figures come from that this database has (parts of the shop come and go). */
async function columnsOf(payload: Payload): Promise<Set<string>> {
  const { rows } = await poolOf(payload).query<{ name: string }>(
    `SELECT table_name || '.' || column_name AS name FROM information_schema.columns
     WHERE table_schema = current_schema()
       AND table_name IN ('order_items', 'products', 'download_grants', 'download_uses')`,
  )
  return new Set(rows.map((r) => r.name))
}

/**
 * Every release's figures, one row per release:
 * - sales: units of paid orders' release lines and of paid products that include the release,
 *   plus the download codes redeemed for it;
 * - revenueCents: what paid orders' release lines brought in (a product that includes the release
 *   counts as the product's revenue, not the release's);
 * - downloads: files downloaded through download links; plays: streams started from the first byte.
 * A figure whose table this database does not have yet is 0.
 */
export async function releaseStats(payload: Payload): Promise<ReleaseStats[]> {
  const has = await columnsOf(payload)
  const parts: string[] = []
  if (has.has('order_items.release_id'))
    parts.push(`SELECT i.release_id AS release_id, sum(i.quantity)::bigint AS sales,
        round(sum(i.quantity * i.price) * 100)::bigint AS revenue, 0::bigint AS downloads, 0::bigint AS plays
      FROM order_items i JOIN orders o ON o.id = i.order_id_id AND o.status IN ${PAID}
      WHERE i.release_id IS NOT NULL GROUP BY i.release_id`)
  if (has.has('products.includes_release_id'))
    parts.push(`SELECT p.includes_release_id, sum(i.quantity)::bigint, 0::bigint, 0::bigint, 0::bigint
      FROM order_items i JOIN orders o ON o.id = i.order_id_id AND o.status IN ${PAID}
      JOIN products p ON p.id = i.product_id_id
      WHERE p.includes_release_id IS NOT NULL GROUP BY p.includes_release_id`)
  if (has.has('download_grants.code_id'))
    parts.push(`SELECT g.release_id, count(DISTINCT g.code_id)::bigint, 0::bigint, 0::bigint, 0::bigint
      FROM download_grants g WHERE g.code_id IS NOT NULL GROUP BY g.release_id`)
  if (has.has('download_uses.release_id') && has.has('download_uses.count'))
    parts.push(`SELECT u.release_id, 0::bigint, 0::bigint, sum(u.count)::bigint, 0::bigint
      FROM download_uses u GROUP BY u.release_id`)
  parts.push(`SELECT t.release_id, 0::bigint, 0::bigint, 0::bigint, sum(p.plays)::bigint
    FROM track_plays p JOIN tracks t ON t.id = p.track_id GROUP BY t.release_id`)
  const { rows } = await poolOf(payload).query<{
    id: string
    sales: string
    revenue: string
    downloads: string
    plays: string
  }>(
    `SELECT r.id, coalesce(sum(f.sales), 0) AS sales, coalesce(sum(f.revenue), 0) AS revenue,
       coalesce(sum(f.downloads), 0) AS downloads, coalesce(sum(f.plays), 0) AS plays
     FROM releases r
     LEFT JOIN (${parts.join('\n UNION ALL ')}) AS f(release_id, sales, revenue, downloads, plays) ON f.release_id = r.id
     GROUP BY r.id`,
  )
  return rows.map((r) => ({
    releaseId: r.id,
    sales: Number(r.sales),
    revenueCents: Number(r.revenue),
    downloads: Number(r.downloads),
    plays: Number(r.plays),
  }))
}

/** One release's figures (all zero for a release with none). */
export async function statsOfRelease(payload: Payload, releaseId: string): Promise<ReleaseStats> {
  const found = (await releaseStats(payload)).find((s) => s.releaseId === releaseId)
  return found ?? { releaseId, sales: 0, revenueCents: 0, downloads: 0, plays: 0 }
}
