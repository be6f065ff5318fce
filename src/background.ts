import 'server-only'

import { purgeStalePending, startNewsletterSender } from '@/modules/newsletter'
import { sendBackInStockEmails, sendLowStockAlerts } from '@/modules/stock'
import type { BackgroundWork } from '@/platform/jobs/registry'

/**
 * Every module's background work, started once per server by src/instrumentation.ts:
 * - each job-runner round (every 2 s, one instance at a time): low-stock alerts and back-in-stock
 *   emails are queued, then the queued emails are sent;
 * - hourly: unconfirmed newsletter sign-ups past their link's life are deleted (with the runner's
 *   own purge of finished jobs);
 * - the newsletter sender, its own loop, sends campaigns at the configured rate.
 */
export const backgroundWork: BackgroundWork = {
  eachRound: [sendLowStockAlerts, sendBackInStockEmails],
  hourly: [purgeStalePending],
  workers: [startNewsletterSender],
}
