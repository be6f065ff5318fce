import type { CollectionConfig } from 'payload'

import { isOwnerOrManager } from '@/access/isOwnerOrManager'
import { CAMPAIGN_STATUSES } from '@/lib/subscriberStatus'

/**
 * Newsletter campaigns. Their recipients live in `campaign_recipients` (one row per address,
 * written and claimed in SQL by src/server/newsletter/engine.ts), not in Payload.
 */
export const Campaigns: CollectionConfig = {
  slug: 'campaigns',
  admin: { useAsTitle: 'subject', defaultColumns: ['subject', 'status', 'createdAt'] },
  access: {
    read: isOwnerOrManager,
    create: isOwnerOrManager,
    update: isOwnerOrManager,
    delete: isOwnerOrManager,
  },
  fields: [
    { name: 'subject', type: 'text', required: true, maxLength: 200 },
    { name: 'body', type: 'textarea', required: true, maxLength: 50_000 },
    { name: 'audienceCity', type: 'text', maxLength: 100 },
    { name: 'audienceState', type: 'text', maxLength: 100 },
    {
      name: 'status',
      type: 'select',
      options: [...CAMPAIGN_STATUSES],
      defaultValue: 'draft',
      required: true,
      index: true,
    },
    { name: 'scheduledAt', type: 'date' },
    { name: 'startedAt', type: 'date' },
    { name: 'finishedAt', type: 'date' },
    { name: 'pauseReason', type: 'text' },
    // The first 100 sends' outcome: most of them failing pauses the campaign.
    { name: 'firstAttempts', type: 'number', defaultValue: 0, required: true },
    { name: 'firstFailures', type: 'number', defaultValue: 0, required: true },
    // The show whose announcement this draft is.
    { name: 'showId', type: 'text', index: true },
  ],
}
