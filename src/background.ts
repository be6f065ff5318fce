// The modules' files themselves, not their index.ts: this list is read by the landing page's
// getStaticProps too (through the Payload client), where no 'server-only' module may be reached.
import { purgeStalePending } from '@/modules/newsletter/server/cleanup'
import { forgetOldBuyers } from '@/modules/privacy/server/retention'
import { sendReleaseDayEmails } from '@/modules/music/server/releaseDay'
import { startTrackProcessor } from '@/modules/music/server/trackWorker'
import { startNewsletterSender } from '@/modules/newsletter/server/engine'
import { sendBackInStockEmails } from '@/modules/stock/server/backInStock'
import { sendLowStockAlerts } from '@/modules/stock/server/lowStock'
import type { BackgroundWork } from '@/platform/jobs/registry'

/**
 * Every module's background work, started once per server process with its Payload client
 * (src/platform/db/payload.ts); scripts and tests start none:
 * - each job-runner round (every 2 s, one instance at a time): low-stock alerts, back-in-stock
 *   emails and release-day emails (a pre-order's download link on its release date) are queued,
 *   then the queued emails are sent;
 * - hourly: unconfirmed newsletter sign-ups past their link's life are deleted (with the runner's
 *   own purge of finished jobs), and orders delivered or refunded longer ago than the privacy
 *   setting forget their buyer;
 * - the newsletter sender, its own loop, sends campaigns at the configured rate;
 * - the track processor, its own loop (one instance at a time), makes each new track's renditions.
 */
export const backgroundWork: BackgroundWork = {
  eachRound: [sendLowStockAlerts, sendBackInStockEmails, sendReleaseDayEmails],
  hourly: [purgeStalePending, forgetOldBuyers],
  workers: [startNewsletterSender, startTrackProcessor],
}
