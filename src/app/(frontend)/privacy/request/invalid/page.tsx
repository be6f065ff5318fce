import { CircleX } from 'lucide-react'
import type { Metadata } from 'next'

import { NoticeCard } from '@/ui/NoticeCard'

export const metadata: Metadata = { title: 'Link not valid', robots: { index: false } }

/**
 * Where a mailed link that is unknown, expired or already used leads: a page of its own rather
 * than the link's page answering 404, since this framework renders a dynamic page's "not found"
 * only with its script, and the fan's pages work without one.
 */
export default function PrivacyLinkNotValid() {
  return (
    <NoticeCard icon={<CircleX aria-hidden="true" className="size-14 text-accent" />} title="Link not valid">
      <p>This link is not valid: it is older than one hour or was already used.</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a href="/privacy/request" className="font-semibold underline underline-offset-4 hover:no-underline">
        Ask for a new link
      </a>
    </NoticeCard>
  )
}
