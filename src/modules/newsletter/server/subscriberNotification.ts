import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import { notificationAddresses } from '@/modules/site'
import { escapeHtml } from '@/lib/escapeHtml'
import { emailPage, type EmailContent } from '@/platform/email/layout'
import { enqueueEmails } from '@/platform/email/queue'

export function newSubscriberNotificationEmail(email: string): EmailContent {
  return {
    subject: `New newsletter subscriber: ${email}`,
    text: `${email} has signed up for the newsletter.`,
    html: emailPage(`<p><strong>${escapeHtml(email)}</strong> has signed up for the newsletter.</p>`),
  }
}

/** A new newsletter subscriber is announced to every notification address. */
export async function enqueueNewSubscriberNotification(
  payload: Payload,
  email: string,
  req?: PayloadRequest,
): Promise<void> {
  const content = newSubscriberNotificationEmail(email)
  const notify = await notificationAddresses(payload, req)
  await enqueueEmails(
    payload,
    notify.map((to) => ({ to, content })),
    req,
  )
}
