import { MailCheck } from 'lucide-react'
import type { Metadata } from 'next'

import { formatShipDate, isShipDate } from '@/modules/stock/contract/preorder'
import { NoticeCard } from '@/ui/NoticeCard'

export const metadata: Metadata = { title: 'Code redeemed', robots: { index: false } }

type Props = { searchParams: Promise<{ on?: string | string[] }> }

/** Where a redeemed code lands: the link is in the fan's inbox, or comes on the release day (`?on=`). */
export default async function RedeemSentPage({ searchParams }: Props) {
  const raw = (await searchParams).on
  const on = typeof raw === 'string' && isShipDate(raw) ? raw : null
  return (
    <NoticeCard icon={<MailCheck aria-hidden="true" className="size-14 text-accent" />} title="Code redeemed">
      <p role="status">
        {on
          ? `This release comes out on ${formatShipDate(on)}: we will email you the download link that day.`
          : 'We have emailed you the download link. Check your inbox.'}
      </p>
    </NoticeCard>
  )
}
