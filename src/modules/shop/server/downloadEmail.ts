import 'server-only'

import { escapeHtml } from '@/lib/escapeHtml'
import { preOrderLine, type PreOrder } from '@/modules/music/contract/downloads'
import { formatShipDate } from '@/modules/stock/contract/preorder'

/** What the confirmation of an order with releases says about their download. */
export type OrderDownloads = {
  /** The download link, or null while no release of the order may be downloaded yet (a pre-order). */
  url: string | null
  /** The release day ("YYYY-MM-DD") the download arrives on, when the link is null. */
  arrivesOn: string | null
  /** The order's releases not out yet, with the instant tracks the link gives now. */
  preOrders?: PreOrder[]
}

/** With a link, what of each pre-order it gives now (or the day it comes). */
const preOrderLines = (downloads: OrderDownloads) =>
  downloads.url ? (downloads.preOrders ?? []).map(preOrderLine) : []

/** The buyer asked for the download now, and so gave up the right of withdrawal for it. */
export const CONSENT_GIVEN =
  'You asked for immediate delivery of your download, and so waived your 14-day right of withdrawal for it.'

/** The downloads' lines of a confirmation: the link (or the day it arrives) and the waiver. */
export function downloadText(downloads: OrderDownloads | null | undefined, consent: boolean): string[] {
  if (!downloads) return []
  const link = downloads.url
    ? [`Your downloads: ${downloads.url}`]
    : downloads.arrivesOn
      ? [`Your download arrives on ${formatShipDate(downloads.arrivesOn)}.`]
      : []
  return [...link, ...preOrderLines(downloads), ...(consent ? [CONSENT_GIVEN] : []), '']
}

export function downloadHtml(downloads: OrderDownloads | null | undefined, consent: boolean): string {
  if (!downloads) return ''
  const link = downloads.url
    ? `<p>Your downloads: <a href="${escapeHtml(downloads.url)}">${escapeHtml(downloads.url)}</a></p>`
    : downloads.arrivesOn
      ? `<p>Your download arrives on ${escapeHtml(formatShipDate(downloads.arrivesOn))}.</p>`
      : ''
  const preOrders = preOrderLines(downloads)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')
  return link + preOrders + (consent ? `<p>${escapeHtml(CONSENT_GIVEN)}</p>` : '')
}
