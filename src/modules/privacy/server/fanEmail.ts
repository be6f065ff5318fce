import { escapeHtml } from '@/lib/escapeHtml'
import { type EmailContent, emailPage } from '@/platform/email/layout'

export const PRIVACY_LINK_SUBJECT = 'Your personal data: your link'

/** The email with a fan's one-hour link to see, download or erase what the site holds for them. */
export function privacyLinkEmail(url: string): EmailContent {
  return {
    subject: PRIVACY_LINK_SUBJECT,
    text:
      `Hi,\n\nSomeone, hopefully you, asked to see the personal data this site holds for this address.\n\n` +
      `Open this link (it works for one hour) to see it, download it or erase it:\n${url}\n\n` +
      `If you did not ask for this, ignore this email: nothing changes.\n`,
    html: emailPage(
      `<p>Hi,</p><p>Someone, hopefully you, asked to see the personal data this site holds for this address.</p>` +
        `<p><a href="${escapeHtml(url)}">See my data</a></p>` +
        `<p>The link works for one hour. If you did not ask for this, ignore this email: nothing changes.</p>`,
    ),
  }
}
