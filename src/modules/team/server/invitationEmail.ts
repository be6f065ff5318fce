import { theBand } from '@/modules/site/contract/bandName'
import { escapeHtml } from '@/lib/escapeHtml'
import { emailPage, type EmailContent } from '@/platform/email/layout'

/** The invitation to the team: who invited them, and the single-use link to set a password. */
/** What each invited role may do, as the invitation says it. */
const ROLE_IN_EMAIL = {
  manager: 'a manager: you can edit the profile, links, products, shows and theme, and handle orders',
  viewer: 'a viewer: you can see the dashboard but not change anything',
} as const

export function invitationEmail(
  bandName: string,
  invitedBy: string,
  url: string,
  role: keyof typeof ROLE_IN_EMAIL,
): EmailContent {
  const band = theBand(bandName)
  return {
    subject: `You're invited to ${band} team`,
    text:
      `${invitedBy} invited you to help run ${band} website.\n\n` +
      `You join as ${ROLE_IN_EMAIL[role]}.\n\n` +
      `Set your password and sign in here (the link works once and expires in 7 days):\n${url}\n`,
    html: emailPage(
      `<p>${escapeHtml(invitedBy)} invited you to help run ${escapeHtml(band)} website.</p>` +
        `<p>You join as ${escapeHtml(ROLE_IN_EMAIL[role])}.</p>` +
        `<p><a href="${escapeHtml(url)}">Set your password and sign in</a></p>` +
        `<p>The link works once and expires in 7 days.</p>`,
    ),
  }
}
