import { CircleCheck } from 'lucide-react'
import type { Metadata } from 'next'

import { NoticeCard } from '@/ui/NoticeCard'

export const metadata: Metadata = { title: 'Your data was erased', robots: { index: false } }

/** Where a fan's erasure lands. */
export default function PrivacyErasedPage() {
  return (
    <NoticeCard icon={<CircleCheck aria-hidden="true" className="size-14 text-accent" />} title="Your data was erased">
      <p>We no longer hold your personal data. Orders stay in our books without your name or address.</p>
    </NoticeCard>
  )
}
