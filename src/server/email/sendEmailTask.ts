import type { TaskConfig } from 'payload'

/** Queue the emails go through, run by the servers every 2 seconds (src/server/jobs/runner.ts). */
export const EMAIL_QUEUE = 'email'

/**
 * Sends one prepared email. A failure (mail server down) throws, and Payload's job queue keeps
 * the job in PostgreSQL and tries again with a growing wait: 1 s, 2 s, 4 s … about three days in all.
 */
export const sendEmailTask: TaskConfig<'sendEmail'> = {
  slug: 'sendEmail',
  label: 'Send an email',
  inputSchema: [
    { name: 'to', type: 'text', required: true },
    { name: 'subject', type: 'text', required: true },
    { name: 'text', type: 'textarea', required: true },
    { name: 'html', type: 'textarea', required: true },
  ],
  outputSchema: [{ name: 'messageId', type: 'text' }],
  retries: { attempts: 18, backoff: { type: 'exponential', delay: 1000 } },
  handler: async ({ input, req }) => {
    const info = (await req.payload.sendEmail({
      to: input.to,
      subject: input.subject,
      text: input.text,
      html: input.html,
    })) as { messageId?: string } | undefined
    return { output: { messageId: info?.messageId ?? '' } }
  },
}
