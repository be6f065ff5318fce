import { CircleX } from 'lucide-react'

import { NoticeCard } from '@/ui/NoticeCard'

/** A link that is unknown, expired or already used (served with status 404). */
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
