import type { Metadata } from 'next'

import { NoticeCard } from '@/ui/NoticeCard'
import { Button } from '@/ui/button'
import { Input } from '@/ui/input'

export const metadata: Metadata = { title: 'Your downloads', robots: { index: false } }

/** A fan who lost their download link asks for a fresh one by email (a native form). */
export default function DownloadsRequestPage() {
  return (
    <NoticeCard
      title="Your downloads"
      description="Lost your download link? Enter your email address and we will send a new link for everything you bought."
    >
      <form method="post" action="/api/downloads/resend" className="flex w-full flex-col gap-3 text-left">
        <label className="flex flex-col gap-1 text-sm">
          Your email address
          <Input type="email" name="email" required maxLength={254} autoComplete="email" />
        </label>
        <Button type="submit">Email me a new link</Button>
      </form>
    </NoticeCard>
  )
}
