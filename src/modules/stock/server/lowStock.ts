import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { escapeHtml } from '@/lib/escapeHtml'
import { splitEmailList } from '@/lib/validators'

import { EMAIL_QUEUE } from '@/platform/email/sendEmailTask'
import { siteUrl } from '@/platform/runtime/env'
import { withTransaction } from '@/platform/db/transaction'

/**
 * Emails the notification addresses about items whose stock fell to their threshold. The
 * database records each crossing once (a trigger on the stock columns, see the migration
 * `20261125_050000_low_stock_alerts`); here each new crossing is claimed and its emails queued in
 * one transaction, so it is announced exactly once, whichever instance runs it. Without
 * notification addresses a crossing is claimed with nobody to tell.
 *
 * The job runner calls this, and the runner is also reached from the landing page's build, so
 * this module (and what it imports) carries no `server-only` marker: it writes the email jobs
 * with SQL, as the email queue does.
 */

type Crossing = { item_id: string; title: string; inventory: number; threshold: number }

/** To the notification addresses, once each time an item's stock falls to its product's threshold. */
export function lowStockEmail(item: Omit<Crossing, 'item_id'>, productsUrl: string) {
  const left = item.inventory <= 0 ? 'none left' : `${item.inventory} left`
  return {
    subject: `Low stock: ${item.title} (${left})`,
    text:
      `${item.title} is down to ${left}, at or below its alert level of ${item.threshold}.\n` +
      `Restock it in the Products tab: ${productsUrl}\n`,
    html:
      `<!doctype html><html><body style="font-family:sans-serif;font-size:14px;color:#111;line-height:1.5">` +
      `<p><strong>${escapeHtml(item.title)}</strong> is down to ${escapeHtml(left)}, at or below its alert level of ${item.threshold}.</p>` +
      `<p><a href="${escapeHtml(productsUrl)}">Restock it in the Products tab</a></p></body></html>`,
  }
}

export async function sendLowStockAlerts(payload: Payload): Promise<number> {
  return withTransaction(payload, async (tx) => {
    const due = await tx.execute<Crossing>(sql`
      UPDATE low_stock_alerts SET notified_at = now()
      WHERE item_id IN (
        SELECT item_id FROM low_stock_alerts WHERE notified_at IS NULL ORDER BY crossed_at LIMIT 50 FOR UPDATE SKIP LOCKED
      )
      RETURNING item_id, title, inventory, threshold`)
    if (due.length === 0) return 0
    const [settings] = await tx.execute<{ notification_email: string | null }>(
      sql`SELECT notification_email FROM theme_settings LIMIT 1`,
    )
    const to = [...new Set(splitEmailList(settings?.notification_email).map((e) => e.toLowerCase()))]
    const url = `${siteUrl()}/admin#products`
    const rows = due.flatMap((item) =>
      to.map(
        (address) =>
          sql`(${JSON.stringify({ to: address, ...lowStockEmail(item, url) })}::jsonb, 'sendEmail', ${EMAIL_QUEUE})`,
      ),
    )
    if (rows.length > 0) {
      await tx.execute(sql`INSERT INTO payload_jobs (input, task_slug, queue) VALUES ${sql.join(rows, sql`, `)}`)
    }
    return due.length
  })
}
