import { CircleCheck, CircleX, MailX } from 'lucide-react'
import type { Metadata } from 'next'

import { NoticeCard } from '@/ui/NoticeCard'
import { Button } from '@/ui/button'
import { subscriberForToken } from '@/modules/newsletter/server/signup'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false } }

type Props = { searchParams: Promise<{ token?: string | string[] }> }

/**
 * Where an email's unsubscribe link leads: a button, never an unsubscribe on opening (mail
 * scanners open links). The button posts the one-click form to /api/newsletter/unsubscribe.
 */
export default async function UnsubscribePage({ searchParams }: Props) {
  const raw = (await searchParams).token
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? ''
  const subscriber = await subscriberForToken(token)
  if (!subscriber) {
    return (
      <NoticeCard icon={<CircleX aria-hidden="true" className="size-14 text-accent" />} title="Link not valid">
        <p>This unsubscribe link is not valid. Use the link at the bottom of one of our emails.</p>
      </NoticeCard>
    )
  }
  if (subscriber.status === 'unsubscribed') {
    return (
      <NoticeCard icon={<CircleCheck aria-hidden="true" className="size-14 text-accent" />} title="Unsubscribed">
        <p>{subscriber.email} will not receive our newsletter any more.</p>
      </NoticeCard>
    )
  }
  return (
    <NoticeCard icon={<MailX aria-hidden="true" className="size-14 text-accent" />} title="Unsubscribe">
      <p>Stop sending our newsletter to {subscriber.email}?</p>
      <form method="post" action={`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`}>
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <input type="hidden" name="from" value="page" />
        <Button type="submit">Unsubscribe</Button>
      </form>
    </NoticeCard>
  )
}
