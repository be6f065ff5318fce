import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { escapeHtml } from '@/lib/escapeHtml'
import { CODE_NOT_VALID, CODE_USED, normalizeCode } from '@/modules/music/contract/codes'
import { formatShipDate } from '@/modules/stock/contract/preorder'
import { withTransaction } from '@/platform/db/transaction'
import { emailPage, type EmailContent } from '@/platform/email/layout'
import { enqueueEmail } from '@/platform/email/queue'
import { gone, notFound } from '@/platform/errors'

import { grantReleases, sendDownloadLinkEmail } from './grants'

export type Redemption = { title: string; releaseDate: string; downloadUrl: string | null }

/** The email for a code of a release not out yet: the link follows on the release day. */
function preorderCodeEmail(title: string, releaseDate: string): EmailContent {
  const day = formatShipDate(releaseDate)
  const lines = [
    `Thanks for redeeming your code for ${title}.`,
    `It comes out on ${day}: we will email you the download link that day.`,
  ]
  return {
    subject: `${title}: your download is on its way`,
    text: `Hi,\n\n${lines.join('\n\n')}\n`,
    html: emailPage(`<p>Hi,</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}`),
  }
}

/**
 * Redeems a download code for `email`, once: the code's row is locked, so of two redeems of one
 * code one succeeds and the other finds it used (410). The address is granted the release and
 * mailed its download link, or, before the release day, told when the link comes.
 */
export async function redeemCode(payload: Payload, input: { code: string; email: string }): Promise<Redemption> {
  const code = normalizeCode(input.code)
  if (!code) throw Object.assign(notFound(CODE_NOT_VALID), { unknownCode: true })
  return withTransaction(payload, async (tx) => {
    const [row] = await tx.execute<{
      id: string
      used: boolean
      release_id: string
      title: string
      release_date: string
    }>(sql`
      SELECT c.id, c.used_at IS NOT NULL AS used, r.id AS release_id, r.title, r.release_date
      FROM download_codes c JOIN download_code_batches b ON b.id = c.batch_id JOIN releases r ON r.id = b.release_id
      WHERE c.code = ${code} FOR UPDATE OF c`)
    if (!row) throw Object.assign(notFound(CODE_NOT_VALID), { unknownCode: true })
    if (row.used) throw gone(CODE_USED)
    await tx.execute(
      sql`UPDATE download_codes SET used_at = now(), used_by_email = ${input.email} WHERE id = ${row.id}`,
    )
    const { downloadUrl, preOrders } = await grantReleases(payload, {
      email: input.email,
      releaseIds: [row.release_id],
      source: { codeId: row.id },
      req: tx.req,
    })
    if (downloadUrl) await sendDownloadLinkEmail(payload, input.email, downloadUrl, tx.req, preOrders)
    else await enqueueEmail(payload, input.email, preorderCodeEmail(row.title, row.release_date), tx.req)
    return { title: row.title, releaseDate: row.release_date, downloadUrl }
  })
}

/** Whether an error is a code that does not exist (a wrong guess, counted per client address). */
export const isUnknownCode = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { unknownCode?: boolean }).unknownCode === true
