import type { TaskConfig } from 'payload'

import { poolOf } from '@/platform/jobs/advisoryLock'

/** Queue the emails go through, run by the servers every 2 seconds (src/platform/jobs/runner.ts). */
export const EMAIL_QUEUE = 'email'

/** A permanent refusal from the mail server (5xx), as opposed to a temporary one (4xx) or none. */
export const isPermanentSmtpFailure = (error: unknown) => {
  const code = (error as { responseCode?: number } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/**
 * Sends one prepared email. A failure (mail server down) throws, and Payload's job queue keeps
 * the job in PostgreSQL and tries again with a growing wait: 1 s, 2 s, 4 s … about three days in all.
 * A newsletter email names its subscriber: a permanent refusal (5xx) of it marks that address
 * `bounced` and is not tried again.
 */
export const sendEmailTask: TaskConfig<'sendEmail'> = {
  slug: 'sendEmail',
  label: 'Send an email',
  inputSchema: [
    { name: 'to', type: 'text', required: true },
    { name: 'subject', type: 'text', required: true },
    { name: 'text', type: 'textarea', required: true },
    { name: 'html', type: 'textarea', required: true },
    { name: 'fromName', type: 'text' },
    { name: 'headers', type: 'json' },
    { name: 'subscriber', type: 'text' },
  ],
  outputSchema: [{ name: 'messageId', type: 'text' }],
  retries: { attempts: 18, backoff: { type: 'exponential', delay: 1000 } },
  handler: async ({ input, req }) => {
    const fromAddress = process.env.MAIL_FROM ?? 'no-reply@localhost'
    try {
      const info = (await req.payload.sendEmail({
        to: input.to,
        subject: input.subject,
        text: input.text,
        html: input.html,
        ...(input.fromName ? { from: { name: input.fromName, address: fromAddress } } : {}),
        ...(input.headers && typeof input.headers === 'object'
          ? { headers: input.headers as Record<string, string> }
          : {}),
      })) as { messageId?: string } | undefined
      return { output: { messageId: info?.messageId ?? '' } }
    } catch (error) {
      if (!input.subscriber || !isPermanentSmtpFailure(error)) throw error
      await poolOf(req.payload).query(
        `UPDATE subscribers SET status = 'bounced', is_active = false, bounced_at = now(), updated_at = now()
          WHERE id = $1 AND status <> 'unsubscribed'`,
        [input.subscriber],
      )
      return { output: { messageId: '' } }
    }
  },
}
