import type { Metadata } from 'next'

import { NoticeCard } from '@/ui/NoticeCard'
import { Button } from '@/ui/button'
import { Input } from '@/ui/input'

export const metadata: Metadata = { title: 'Your personal data', robots: { index: false } }

/** A fan asks for a link to see, download or erase what the site holds for their address (a native form). */
export default function PrivacyRequestPage() {
  return (
    <NoticeCard
      title="Your personal data"
      description="Enter your email address: we will email you a link to see, download or erase what we hold for it."
    >
      <form method="post" action="/api/privacy/request" className="flex w-full flex-col gap-3 text-left">
        <label className="flex flex-col gap-1 text-sm">
          Your email address
          <Input type="email" name="email" required maxLength={254} autoComplete="email" />
        </label>
        <Button type="submit">Email me a link</Button>
      </form>
    </NoticeCard>
  )
}
