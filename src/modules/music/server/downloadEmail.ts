import { escapeHtml } from '@/lib/escapeHtml'
import { preOrderLine, type PreOrder } from '@/modules/music/contract/downloads'
import { type EmailContent, emailPage } from '@/platform/email/layout'

export const DOWNLOAD_LINK_SUBJECT = 'Your download'

/** The email with a fan's download link: what it is for (what of each pre-order it gives now) and how long it works. */
export function downloadLinkEmail(
  url: string,
  validDays: number,
  downloadsPerRelease: number,
  preOrders: PreOrder[] = [],
): EmailContent {
  const lines = preOrders.map(preOrderLine)
  const terms = `The link works for ${validDays} day${validDays === 1 ? '' : 's'} and ${downloadsPerRelease} download${
    downloadsPerRelease === 1 ? '' : 's'
  } of each release. If it stops working, you can ask for a new one on the downloads page.`
  return {
    subject: DOWNLOAD_LINK_SUBJECT,
    text: `Hi,\n\nThank you! Your music is ready to download here:\n${url}\n\n${lines.map((l) => `${l}\n\n`).join('')}${terms}\n`,
    html: emailPage(
      `<p>Hi,</p><p>Thank you! Your music is ready to download.</p>` +
        `<p><a href="${escapeHtml(url)}">Download your music</a></p>` +
        lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
        `<p>${escapeHtml(terms)}</p>`,
    ),
  }
}
