import 'server-only'

import { siteUrl } from '../env'
import { enqueueEmail } from '../email/queue'
import { escapeHtml } from '../email/templates'
import { payloadClient } from '../payload'

/**
 * Queues the invitation email (sent and retried by the email queue, so a mail server that is down
 * loses nothing) and answers the link, which the owner may also share by hand.
 */
export async function sendInvitationEmail(email: string, token: string, invitedBy: string): Promise<string> {
  const payload = await payloadClient()
  const url = `${siteUrl()}/login?invite=${encodeURIComponent(token)}`
  const profile = await payload.findGlobal({ slug: 'band-profile', depth: 0, overrideAccess: true })
  const band = profile.name || 'the band'
  await enqueueEmail(payload, email, {
    subject: `You're invited to the ${band} team`,
    text:
      `${invitedBy} invited you to help run the ${band} website.\n\n` +
      `Set your password and sign in here (the link works once and expires in 7 days):\n${url}\n`,
    html:
      `<p>${escapeHtml(invitedBy)} invited you to help run the ${escapeHtml(band)} website.</p>` +
      `<p><a href="${escapeHtml(url)}">Set your password and sign in</a></p>` +
      `<p>The link works once and expires in 7 days.</p>`,
  })
  return url
}
