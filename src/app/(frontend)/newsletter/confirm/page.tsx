import { CircleCheck, CircleX } from 'lucide-react'
import type { Metadata } from 'next'

import { NoticeCard } from '@/ui/NoticeCard'
import { Button } from '@/ui/button'
import { Input } from '@/ui/input'
import { confirmSubscription } from '@/modules/newsletter/server/signup'
import { unsubscribeToken } from '@/modules/newsletter/server/tokens'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Newsletter', robots: { index: false } }

type Props = { searchParams: Promise<{ token?: string | string[]; saved?: string | string[] }> }

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)

/**
 * The confirmation link's page: opening it confirms the address (once), then offers the optional
 * city and state so the fan hears about shows nearby.
 */
export default async function ConfirmPage({ searchParams }: Props) {
  const params = await searchParams
  if (first(params.saved)) {
    return (
      <NoticeCard icon={<CircleCheck aria-hidden="true" className="size-14 text-accent" />} title="Thank you!">
        <p>We will tell you about shows near you.</p>
      </NoticeCard>
    )
  }
  const result = await confirmSubscription(first(params.token))
  if (result.status === 'invalid') {
    return (
      <NoticeCard icon={<CircleX aria-hidden="true" className="size-14 text-accent" />} title="Link not valid">
        <p>This confirmation link was already used, was replaced by a newer one, or is older than 7 days.</p>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/#newsletter" className="font-semibold underline underline-offset-4 hover:no-underline">
          Sign up again
        </a>
      </NoticeCard>
    )
  }
  return (
    <NoticeCard
      icon={<CircleCheck aria-hidden="true" className="size-14 text-accent" />}
      title="You're subscribed!"
      description={`Thank you for confirming: you will get ${result.bandName}'s news.`}
    >
      <form method="post" action="/api/newsletter/location" className="flex w-full flex-col gap-3 text-left">
        <p className="font-semibold">Hear about shows near you (optional)</p>
        <input type="hidden" name="token" value={unsubscribeToken(result.subscriberId)} />
        <label className="flex flex-col gap-1 text-sm">
          Your city
          <Input name="city" maxLength={100} autoComplete="address-level2" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Your state
          <Input name="state" maxLength={100} autoComplete="address-level1" />
        </label>
        <Button type="submit" variant="outline">
          Save
        </Button>
      </form>
    </NoticeCard>
  )
}
