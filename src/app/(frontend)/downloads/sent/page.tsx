import { MailCheck } from 'lucide-react'
import type { Metadata } from 'next'

import { NoticeCard } from '@/ui/NoticeCard'

export const metadata: Metadata = { title: 'Check your email', robots: { index: false } }

/** Where a fan's request for a new download link lands: the same answer whether or not the address is known. */
export default function DownloadsSentPage() {
  return (
    <NoticeCard icon={<MailCheck aria-hidden="true" className="size-14 text-accent" />} title="Check your email">
      <p>If that address has downloads, a new link is on its way.</p>
    </NoticeCard>
  )
}
