import crypto from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { WaitingLine } from '@/modules/stock/contract/types'
import { escapeHtml } from '@/lib/escapeHtml'

import { EMAIL_QUEUE } from '@/platform/email/sendEmailTask'
import { siteUrl } from '@/platform/runtime/env'
import { conflict, invalid, notFound } from '@/platform/errors'
import { payloadSecret } from '@/platform/runtime/secret'
import { query, withTransaction } from '@/platform/db/transaction'

/**
 * Back-in-stock alerts. A fan leaves an address on a sold-out size (or a sold-out product without
 * sizes); when that item's stock rises above zero, a trigger marks the waiting rows due (see the
 * migration `20261125_060000_back_in_stock`), and the job runner claims each due row and queues its
 * one email in the same transaction: each waiting fan is told once, whichever instance runs it.
 *
 * The job runner calls this, and the runner is also reached from the landing page's build, so this
 * module carries no `server-only` marker: it writes the email jobs with SQL, as the email queue does.
 */

const signature = (waitId: string) =>
  crypto.createHmac('sha256', payloadSecret()).update(`back-in-stock:stop:${waitId}`).digest('base64url')

/** `<wait id>.<HMAC of the id>`: names one alert, and through its address, that address's alerts. */
export const stopToken = (waitId: string) => `${waitId}.${signature(waitId)}`

function verifyStopToken(token: string | null | undefined): string | null {
  if (!token || token.length > 200) return null
  const dot = token.indexOf('.')
  const id = token.slice(0, dot).toLowerCase()
  if (dot <= 0 || !/^[0-9a-f-]{36}$/.test(id)) return null
  const given = Buffer.from(token.slice(dot + 1))
  const expected = Buffer.from(signature(id))
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null
}

/** The page an alert's link leads to: a button, never a stop on opening (mail scanners open links). */
export const stopPageUrl = (waitId: string) =>
  `${siteUrl()}/back-in-stock/stop?token=${encodeURIComponent(stopToken(waitId))}`
const oneClickStopUrl = (waitId: string) =>
  `${siteUrl()}/api/back-in-stock/stop?token=${encodeURIComponent(stopToken(waitId))}`

type Item = {
  product_id: string
  is_active: boolean
  option_id: string | null
  option_active: boolean | null
  inventory: number
}

/** The answer to a request to wait for an item that is in stock (the fan's page was older). */
export const IN_STOCK_MESSAGE = 'This is in stock now: add it to your cart.'

/**
 * At most this many back-in-stock emails go to one address in 24 hours, whoever asked for them
 * and from wherever; the rest wait, due, for a later round.
 */
export const ALERTS_PER_ADDRESS_PER_DAY = 3

/**
 * Records that `email` waits for the item (a size, or a product without sizes). A second request
 * for the same item and address while one waits changes nothing. An item in stock is refused
 * (409): nothing is mailed at once to an address nobody confirmed, so one address gets at most one
 * alert per item and restock.
 */
export async function waitForStock(
  payload: Payload,
  productId: string,
  productOptionId: string | null,
  email: string,
): Promise<void> {
  await withTransaction(payload, async (tx) => {
    // FOR SHARE holds a restock until this row is in, so the restock's trigger sees it.
    const [item] = await tx.execute<Item>(sql`
      SELECT p.id AS product_id, p.is_active, o.id AS option_id, o.is_active AS option_active,
        COALESCE(o.inventory, p.inventory)::int AS inventory
      FROM products p LEFT JOIN product_options o ON o.product_id_id = p.id AND o.id = ${productOptionId}
      WHERE p.id = ${productId}
      FOR SHARE OF p`)
    if (!item || !item.is_active) throw notFound('Product not found')
    if (productOptionId) {
      if (!item.option_id || item.option_active === false) {
        throw invalid('Invalid input', { productOptionId: 'This size does not belong to the product' })
      }
      await tx.execute(sql`SELECT 1 FROM product_options WHERE id = ${productOptionId} FOR SHARE`)
    } else {
      const [sized] = await tx.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM product_options WHERE product_id_id = ${productId} AND is_active`,
      )
      if (sized!.n > 0) throw invalid('Invalid input', { productOptionId: 'Choose a size' })
    }
    if (item.inventory > 0) throw conflict(IN_STOCK_MESSAGE)
    const itemId = productOptionId ?? productId
    await tx.execute(sql`
      INSERT INTO stock_waits (product_id, product_option_id, item_id, email)
      VALUES (${productId}, ${productOptionId}, ${itemId}, ${email.trim()})
      ON CONFLICT (item_id, lower(email)) WHERE notified_at IS NULL AND stopped_at IS NULL DO NOTHING`)
  })
}

type Due = { id: string; email: string; product: string; size: string | null; band: string | null }

/** The one email a waiting fan gets when the item is back. */
export function backInStockEmail(due: Omit<Due, 'email'>) {
  const band = due.band?.trim() || 'Band Name'
  const item = due.size ? `${due.product} (${due.size})` : due.product
  const shop = `${siteUrl()}/#merch`
  const stop = stopPageUrl(due.id)
  return {
    subject: `Back in stock: ${item}`,
    fromName: band,
    text:
      `${item} is back in stock at ${band}.\n\nGet yours: ${shop}\n\n` +
      `You asked us to email you once when it was back; this is that email.\n` +
      `Stop any other back-in-stock alerts for this address: ${stop}\n`,
    html:
      `<!doctype html><html><head><meta charset="utf-8"></head>` +
      `<body style="font-family:sans-serif;font-size:15px;color:#111;line-height:1.5;max-width:640px;margin:0 auto;padding:16px">` +
      `<p><strong>${escapeHtml(item)}</strong> is back in stock at ${escapeHtml(band)}.</p>` +
      `<p><a href="${escapeHtml(shop)}">Get yours</a></p>` +
      `<p style="font-size:13px;color:#555">You asked us to email you once when it was back; this is that email. ` +
      `<a href="${escapeHtml(stop)}">Stop any other back-in-stock alerts for this address</a>.</p></body></html>`,
    headers: {
      'List-Unsubscribe': `<${oneClickStopUrl(due.id)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/**
 * Claims the due alerts of items still in stock and queues their emails, in one transaction: an
 * alert is marked sent exactly when its email joins the queue. Alerts of an item sold out again
 * before this round lost their due mark in the trigger and wait for the next restock. An address
 * that had ALERTS_PER_ADDRESS_PER_DAY alerts in the last 24 hours gets no more until the oldest is
 * a day old. Rounds never overlap: the job runner holds its lock across instances.
 */
export async function sendBackInStockEmails(payload: Payload): Promise<number> {
  return withTransaction(payload, async (tx) => {
    const due = await tx.execute<Due>(sql`
      WITH candidates AS (
        SELECT w.id, lower(w.email) AS address, w.due_at, w.created_at, today.sent
        FROM stock_waits w
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS sent FROM stock_waits s
          WHERE lower(s.email) = lower(w.email) AND s.notified_at > now() - interval '1 day'
        ) today
        WHERE w.due_at IS NOT NULL AND w.notified_at IS NULL AND w.stopped_at IS NULL
          AND today.sent < ${ALERTS_PER_ADDRESS_PER_DAY}
        ORDER BY w.due_at, w.created_at LIMIT 100 FOR UPDATE OF w SKIP LOCKED
      ),
      allowed AS (
        SELECT id FROM (
          SELECT id, sent, row_number() OVER (PARTITION BY address ORDER BY due_at, created_at) AS n
          FROM candidates
        ) ranked
        WHERE sent + n <= ${ALERTS_PER_ADDRESS_PER_DAY}
      ),
      claimed AS (
        UPDATE stock_waits SET notified_at = now()
        WHERE id IN (SELECT id FROM allowed)
        RETURNING id, email, product_id, product_option_id
      )
      SELECT c.id, c.email, p.name AS product, o.value AS size, (SELECT name FROM band_profile LIMIT 1) AS band
      FROM claimed c JOIN products p ON p.id = c.product_id
      LEFT JOIN product_options o ON o.id = c.product_option_id`)
    if (due.length === 0) return 0
    const rows = due.map(
      (d) => sql`(${JSON.stringify({ to: d.email, ...backInStockEmail(d) })}::jsonb, 'sendEmail', ${EMAIL_QUEUE})`,
    )
    await tx.execute(sql`INSERT INTO payload_jobs (input, task_slug, queue) VALUES ${sql.join(rows, sql`, `)}`)
    return due.length
  })
}

/** The address a stop link names, and whether it still has alerts waiting; null for a bad link. */
export async function alertsForStopToken(
  payload: Payload,
  token: string,
): Promise<{ email: string; waiting: number } | null> {
  const id = verifyStopToken(token)
  if (!id) return null
  const [row] = await query<{ email: string; waiting: number }>(
    payload,
    sql`SELECT w.email, (SELECT count(*)::int FROM stock_waits x
        WHERE lower(x.email) = lower(w.email) AND x.notified_at IS NULL AND x.stopped_at IS NULL) AS waiting
      FROM stock_waits w WHERE w.id = ${id}`,
  )
  return row ?? null
}

/** Stops every waiting alert of the address the link names; false for a bad link. */
export async function stopAlerts(payload: Payload, token: string): Promise<boolean> {
  const id = verifyStopToken(token)
  if (!id) return false
  const [row] = await query<{ email: string }>(payload, sql`SELECT email FROM stock_waits WHERE id = ${id}`)
  if (!row) return false
  await query(
    payload,
    sql`UPDATE stock_waits SET stopped_at = now()
      WHERE lower(email) = lower(${row.email}) AND notified_at IS NULL AND stopped_at IS NULL`,
  )
  return true
}

/** Who waits for what, per product and size, most wanted first: the demand before a reprint. */
export async function waitingList(payload: Payload): Promise<WaitingLine[]> {
  return query<WaitingLine>(
    payload,
    sql`SELECT w.product_id AS "productId", w.product_option_id AS "productOptionId", p.name AS product,
        o.value AS size, count(*)::int AS waiting
      FROM stock_waits w JOIN products p ON p.id = w.product_id
      LEFT JOIN product_options o ON o.id = w.product_option_id
      WHERE w.notified_at IS NULL AND w.stopped_at IS NULL
      GROUP BY w.product_id, w.product_option_id, p.name, o.value, o.created_at
      ORDER BY count(*) DESC, p.name, o.created_at NULLS FIRST`,
  )
}
