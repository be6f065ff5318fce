import { CircleCheck, CircleX } from 'lucide-react'
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { NoticeCard } from '@/ui/NoticeCard'
import { NEWSLETTER_RESULTS, type NewsletterResult } from '@/modules/newsletter/contract/newsletterResult'

type Props = { params: Promise<{ result: string }> }

/** Only the two results exist; any other path is the 404 card. */
async function resultOf(params: Props['params']): Promise<NewsletterResult> {
  const { result } = await params
  if (!Object.hasOwn(NEWSLETTER_RESULTS, result)) notFound()
  return result as NewsletterResult
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const result = await resultOf(params)
  return { title: NEWSLETTER_RESULTS[result].title, robots: { index: false } }
}

/** Where a newsletter sign-up posted without the page's script lands. */
export default async function NewsletterResultPage({ params }: Props) {
  const result = await resultOf(params)
  const { title, description, next } = NEWSLETTER_RESULTS[result]
  const Icon = result === 'subscribed' ? CircleCheck : CircleX
  return (
    <NoticeCard icon={<Icon aria-hidden="true" className="size-14 text-accent" />} title={title}>
      <p>{description}</p>
      {next && <p>{next}</p>}
      {result === 'failed' && (
        // eslint-disable-next-line @next/next/no-html-link-for-pages
        <a href="/#newsletter" className="font-semibold underline underline-offset-4 hover:no-underline">
          Try again
        </a>
      )}
    </NoticeCard>
  )
}
