import { BellOff, CircleCheck, CircleX } from 'lucide-react'
import type { Metadata } from 'next'

import { NoticeCard } from '@/ui/NoticeCard'
import { Button } from '@/ui/button'
import { alertsForStopToken } from '@/modules/stock/server/backInStock'
import { payloadClient } from '@/platform/db/payload'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Stop back-in-stock alerts', robots: { index: false } }

type Props = { searchParams: Promise<{ token?: string | string[] }> }

/**
 * Where a back-in-stock email's stop link leads: a button, never a stop on opening (mail scanners
 * open links). The button posts the one-click form to /api/back-in-stock/stop.
 */
export default async function StopAlertsPage({ searchParams }: Props) {
  const raw = (await searchParams).token
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? ''
  const alerts = await alertsForStopToken(await payloadClient(), token)
  if (!alerts) {
    return (
      <NoticeCard icon={<CircleX aria-hidden="true" className="size-14 text-accent" />} title="Link not valid">
        <p>This link is not valid. Use the link at the bottom of one of our emails.</p>
      </NoticeCard>
    )
  }
  if (alerts.waiting === 0) {
    return (
      <NoticeCard icon={<CircleCheck aria-hidden="true" className="size-14 text-accent" />} title="No alerts waiting">
        <p>{alerts.email} has no back-in-stock alerts waiting.</p>
      </NoticeCard>
    )
  }
  return (
    <NoticeCard icon={<BellOff aria-hidden="true" className="size-14 text-accent" />} title="Stop back-in-stock alerts">
      <p>
        Stop the {alerts.waiting === 1 ? 'back-in-stock alert' : `${alerts.waiting} back-in-stock alerts`} waiting for{' '}
        {alerts.email}?
      </p>
      <form method="post" action={`/api/back-in-stock/stop?token=${encodeURIComponent(token)}`}>
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <input type="hidden" name="from" value="page" />
        <Button type="submit">Stop alerts</Button>
      </form>
    </NoticeCard>
  )
}
