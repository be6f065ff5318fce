import { z } from 'zod'

const place = z.string().trim().max(100, 'at most 100 characters').optional()

/** A campaign as the team writes it: subject, Markdown body and, optionally, who near where. */
export const campaignSchema = z.object({
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'at most 200 characters'),
  body: z.string().trim().min(1, 'Body is required').max(50_000, 'at most 50,000 characters'),
  audience: z.object({ city: place, state: place }).optional(),
})
export type CampaignInput = z.infer<typeof campaignSchema>

/** Send now, or at a time to come. */
export const campaignSendSchema = z.object({
  at: z.iso.datetime({ offset: true, message: 'must be an ISO time such as 2026-12-06T19:00:00Z' }).optional(),
})
