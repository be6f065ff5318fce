import { MailCheck } from 'lucide-react'
import type { Metadata } from 'next'

import { NoticeCard } from '@/ui/NoticeCard'

export const metadata: Metadata = { title: 'Check your email', robots: { index: false } }

/** Where a fan's request lands: the same answer whether or not the address is known. */
export default function PrivacyRequestSentPage() {
  return (
    <NoticeCard icon={<MailCheck aria-hidden="true" className="size-14 text-accent" />} title="Check your email">
      <p>If we hold data for this address, we have emailed it a link. The link works for one hour.</p>
    </NoticeCard>
  )
}
