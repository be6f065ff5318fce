import { z } from 'zod'

import { emailField } from '@/lib/schemas/email'

/** `POST /api/releases/{id}/claim`: the address a free release's download link goes to, and the newsletter box. */
export const freeDownloadSchema = z.object({
  email: emailField,
  newsletter: z.boolean({ error: 'Tick the box or leave it unticked' }).optional().default(false),
})

/** The same from the page's form posted without its script: a ticked box sends "on". */
export const freeDownloadFormSchema = freeDownloadSchema.extend({
  newsletter: z
    .string()
    .optional()
    .transform((v) => v === 'on' || v === 'true'),
})

/** What the fan is told once the link is on its way (the same for every address). */
export const FREE_DOWNLOAD_SENT = 'Check your inbox: we sent you the download link.'

/** The pages a free-download form posted without the page's script lands on. */
export const FREE_DOWNLOAD_RESULTS = {
  sent: { title: 'Check your inbox', description: 'We sent you an email with the download link.' },
  failed: { title: 'Error', description: 'Could not send the download link. Please try again.' },
} as const

export type FreeDownloadResult = keyof typeof FREE_DOWNLOAD_RESULTS

export const FREE_DOWNLOAD_RESULT_PATHS: Record<FreeDownloadResult, string> = {
  sent: '/free-download/sent',
  failed: '/free-download/failed',
}
