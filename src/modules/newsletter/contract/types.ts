import type { CampaignStatus, SubscriberSource, SubscriberStatus } from './subscriberStatus'

/** What the API answers, for the services that build it and the pages and dashboard that read it. */

/** A newsletter subscriber in the team's list. */
export type Subscriber = {
  id: string
  email: string
  /** Confirmed: the spec's Active badge. */
  isActive: boolean
  status: SubscriberStatus
  source: SubscriberSource
  signedUpAt: string | null
  confirmedAt: string | null
  unsubscribedAt: string | null
  city: string | null
  state: string | null
  createdAt: string | null
}

/** A newsletter campaign, with its delivery counts. */
export type Campaign = {
  id: string
  subject: string
  body: string
  audience: { city: string | null; state: string | null }
  status: CampaignStatus
  scheduledAt: string | null
  startedAt: string | null
  finishedAt: string | null
  /** Why the campaign paused itself, when it did. */
  pauseReason: string | null
  /** The show this draft announces, when it is a show announcement. */
  showId: string | null
  createdAt: string | null
  counts: { recipients: number; sent: number; failed: number }
  /**
   * How many confirmed subscribers its audience holds now (who a send would reach), for a draft
   * or a scheduled campaign; null once it is sending or done (its recipients are then written).
   */
  audienceSize: number | null
}
