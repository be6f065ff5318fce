/** A newsletter subscriber's state: only `confirmed` addresses receive campaigns. */
export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed', 'bounced'] as const
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number]

/**
 * How a subscriber signed up: the site's form, a content import, or `legacy` for the addresses
 * collected before sign-ups were confirmed (their consent predates confirmation).
 */
export const SUBSCRIBER_SOURCES = ['form', 'import', 'legacy'] as const
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number]

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
}

/** A campaign's state. */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number]
