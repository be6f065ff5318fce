import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { OrdersSummary } from '@/modules/shop/contract/types'
import { formatCents, toMoneyString } from '@/lib/money'

import { payloadClient } from '@/platform/db/payload'
import { query } from '@/platform/db/transaction'

/** Days in the overview, today (UTC) included. */
export const SUMMARY_DAYS = 30
/** Stock at or below this many is a warning. */
export const LOW_STOCK = 5
/** Orders that took money and kept it. */
const PAID_STATUSES = sql`('paid', 'shipped', 'completed')`
/** When an order's money came in (orders written before payment times were kept count from their creation). */
const PAID_AT = sql`COALESCE(o.paid_at, o.created_at)`
/**
 * Each paid order split into its channels: music is its release lines (an order of releases only:
 * all of it, tax included), the web the rest; an order counts as a web order when something ships.
 */
const PAID_ORDERS = sql`(SELECT ${PAID_AT} AS paid_at, CASE WHEN m.ships THEN 1 ELSE 0 END AS web_order,
      o.total_amount - CASE WHEN m.ships THEN m.cents ELSE o.total_amount END AS web_revenue,
      m.releases AS music_sales, CASE WHEN m.ships THEN m.cents ELSE o.total_amount END AS music_revenue
    FROM orders o CROSS JOIN LATERAL (
      SELECT count(i.release_id)::int AS releases, COALESCE(bool_or(i.release_id IS NULL), true) AS ships,
        COALESCE(sum(i.price * i.quantity) FILTER (WHERE i.release_id IS NOT NULL), 0) AS cents
      FROM order_items i WHERE i.order_id_id = o.id) m
    WHERE o.status IN ${PAID_STATUSES})`
const PERIOD_START = sql`(date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => ${SUMMARY_DAYS - 1})) AT TIME ZONE 'UTC'`

/**
 * The Orders overview, one aggregate query per figure: paid revenue and orders per day over the
 * last 30 days (UTC, days without sales included), beside the merch tables' sales and the music
 * (releases sold or given) as their own channels (never counted as orders), the period's paid
 * orders and revenue, the five
 * products that sold the most units in it, and the active products and options with 5 or fewer left.
 */
export async function ordersSummary(): Promise<OrdersSummary> {
  const payload = await payloadClient()
  const [days, paid, top, low, table] = await Promise.all([
    paidPerDay(payload),
    paidInPeriod(payload),
    topProducts(payload),
    lowStock(payload),
    tableSalesPerDay(payload),
  ])
  const tableByDay = new Map(table.map((t) => [t.day, t]))
  const tableTotal = table.reduce((sum, t) => ({ sales: sum.sales + t.sales, cents: sum.cents + Number(t.cents) }), {
    sales: 0,
    cents: 0,
  })
  return {
    from: days[0]!.day,
    to: days.at(-1)!.day,
    days: days.map((d) => ({
      date: d.day,
      orders: d.orders,
      revenue: toMoneyString(d.revenue),
      tableSales: tableByDay.get(d.day)?.sales ?? 0,
      tableRevenue: formatCents(Number(tableByDay.get(d.day)?.cents ?? 0)),
      musicSales: d.music_sales,
      musicRevenue: toMoneyString(d.music_revenue),
    })),
    paid: { orders: paid[0]?.orders ?? 0, revenue: toMoneyString(paid[0]?.revenue ?? '0') },
    music: { sales: paid[0]?.music_sales ?? 0, revenue: toMoneyString(paid[0]?.music_revenue ?? '0') },
    table: { sales: tableTotal.sales, revenue: formatCents(tableTotal.cents) },
    topProducts: top.map((t) => ({
      productId: t.product_id,
      name: t.name,
      units: t.units,
      revenue: toMoneyString(t.revenue),
    })),
    lowStock: low.map((l) => ({
      kind: l.kind,
      id: l.id,
      productId: l.product_id,
      name: l.name,
      option: l.option,
      inventory: l.inventory,
      preorderShipsOn: l.preorder_ships_on,
    })),
  }
}

type Payload = Awaited<ReturnType<typeof payloadClient>>

type ChannelSums = { orders: number; revenue: string; music_sales: number; music_revenue: string }

const CHANNEL_SUMS = sql`COALESCE(sum(p.web_order), 0)::int AS orders, COALESCE(sum(p.web_revenue), 0)::numeric(12,2)::text AS revenue,
  COALESCE(sum(p.music_sales), 0)::int AS music_sales, COALESCE(sum(p.music_revenue), 0)::numeric(12,2)::text AS music_revenue`

/** Paid web orders and revenue, and the music sold, per day of the period, days without sales included. */
function paidPerDay(payload: Payload) {
  return query<{ day: string } & ChannelSums>(
    payload,
    sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, ${CHANNEL_SUMS}
      FROM generate_series(date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => ${SUMMARY_DAYS - 1}),
                           date_trunc('day', now() AT TIME ZONE 'UTC'), interval '1 day') AS d(day)
      LEFT JOIN ${PAID_ORDERS} p
        ON p.paid_at >= d.day AT TIME ZONE 'UTC' AND p.paid_at < (d.day + interval '1 day') AT TIME ZONE 'UTC'
      GROUP BY d.day ORDER BY d.day`,
  )
}

/** The period's paid web orders and their revenue, and the music sold. */
function paidInPeriod(payload: Payload) {
  return query<ChannelSums>(
    payload,
    sql`SELECT ${CHANNEL_SUMS} FROM ${PAID_ORDERS} p WHERE p.paid_at >= ${PERIOD_START}`,
  )
}

/** The five products that sold the most units in the period. */
function topProducts(payload: Payload) {
  return query<{ product_id: string | null; name: string; units: number; revenue: string }>(
    payload,
    sql`SELECT i.product_id_id AS product_id, COALESCE(max(p.name), max(i.product_name), 'Deleted product') AS name,
        sum(i.quantity)::int AS units, sum(i.quantity * i.price)::numeric(12,2)::text AS revenue
      FROM order_items i
      JOIN orders o ON o.id = i.order_id_id
      LEFT JOIN products p ON p.id = i.product_id_id
      WHERE o.status IN ${PAID_STATUSES} AND ${PAID_AT} >= ${PERIOD_START} AND i.release_id IS NULL
      GROUP BY i.product_id_id, CASE WHEN i.product_id_id IS NULL THEN i.product_name END
      ORDER BY units DESC, name
      LIMIT 5`,
  )
}

/** The active products and options with LOW_STOCK or fewer left. */
function lowStock(payload: Payload) {
  return query<{
    kind: 'product' | 'option'
    id: string
    product_id: string
    name: string
    option: string | null
    inventory: number
    preorder_ships_on: string | null
  }>(
    payload,
    sql`SELECT 'option' AS kind, po.id, p.id AS product_id, p.name, po.name || ': ' || po.value AS option, po.inventory::int AS inventory,
          po.preorder_ships_on
        FROM product_options po JOIN products p ON p.id = po.product_id_id
        WHERE p.is_active AND po.is_active AND po.inventory <= ${LOW_STOCK}
      UNION ALL
      SELECT 'product', p.id, p.id, p.name, NULL, p.inventory::int, p.preorder_ships_on
        FROM products p
        WHERE p.is_active AND p.inventory <= ${LOW_STOCK}
          AND NOT EXISTS (SELECT 1 FROM product_options po WHERE po.product_id_id = p.id AND po.is_active)
      ORDER BY inventory, name, option
      LIMIT 50`,
  )
}

/** The merch tables' sales (not voided) per day of the period. */
function tableSalesPerDay(payload: Payload) {
  return query<{ day: string; sales: number; cents: string }>(
    payload,
    sql`SELECT to_char(date_trunc('day', sold_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, count(*)::int AS sales,
        COALESCE(sum(total_cents), 0)::text AS cents
      FROM till_sales WHERE voided_at IS NULL AND sold_at >= ${PERIOD_START} GROUP BY 1`,
  )
}
