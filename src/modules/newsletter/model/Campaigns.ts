import type { CollectionConfig } from 'payload'

import { isOwnerOrManager } from '@/platform/access/isOwnerOrManager'
import { CAMPAIGN_STATUSES } from '@/modules/newsletter/contract/subscriberStatus'

/**
 * Newsletter campaigns. Their recipients live in `campaign_recipients` (one row per address,
 * written and claimed in SQL by src/modules/newsletter/server/recipients.ts), not in Payload.
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
    { name: 'subject', label: 'Subject', type: 'text', required: true, maxLength: 200 },
    { name: 'body', label: 'Body (Markdown)', type: 'textarea', required: true, maxLength: 50_000 },
    { name: 'audienceCity', label: 'Audience: city', type: 'text', maxLength: 100 },
    { name: 'audienceState', label: 'Audience: state', type: 'text', maxLength: 100 },
    {
      name: 'status',
      label: 'Status',
      type: 'select',
      options: [...CAMPAIGN_STATUSES],
      defaultValue: 'draft',
      required: true,
      index: true,
    },
    { name: 'scheduledAt', label: 'Scheduled for', type: 'date' },
    { name: 'startedAt', label: 'Started', type: 'date' },
    { name: 'finishedAt', label: 'Finished', type: 'date' },
    { name: 'pauseReason', label: 'Why it paused', type: 'text' },
    // The first 100 sends' outcome: most of them failing pauses the campaign.
    {
      name: 'firstAttempts',
      label: 'First sends tried',
      type: 'number',
      defaultValue: 0,
      required: true,
      admin: { hidden: true },
    },
    {
      name: 'firstFailures',
      label: 'First sends failed',
      type: 'number',
      defaultValue: 0,
      required: true,
      admin: { hidden: true },
    },
    // The show whose announcement this draft is.
    { name: 'showId', label: 'Show announced', type: 'text', index: true, admin: { hidden: true } },
  ],
}
