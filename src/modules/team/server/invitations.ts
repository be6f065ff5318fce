import 'server-only'

import { siteUrl } from '@/platform/runtime/env'
import { enqueueEmail } from '@/platform/email/queue'
import { invitationEmail } from './invitationEmail'
import { payloadClient } from '@/platform/db/payload'

/**
 * Queues the invitation email (sent and retried by the email queue, so a mail server that is down
 * loses nothing) and answers the link, which the owner may also share by hand.
 */
export async function sendInvitationEmail(
  email: string,
  token: string,
  invitedBy: string,
  role: 'manager' | 'viewer',
): Promise<string> {
  const payload = await payloadClient()
  const url = `${siteUrl()}/login?invite=${encodeURIComponent(token)}`
  const profile = await payload.findGlobal({ slug: 'band-profile', depth: 0, overrideAccess: true })
  await enqueueEmail(payload, email, invitationEmail(profile.name ?? '', invitedBy, url, role))
  return url
}
