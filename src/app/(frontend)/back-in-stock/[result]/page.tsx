import { CircleCheck, CircleX } from 'lucide-react'
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { NoticeCard } from '@/ui/NoticeCard'
import { BACK_IN_STOCK_RESULTS, type BackInStockResult } from '@/modules/stock/contract/backInStockResult'

type Props = { params: Promise<{ result: string }> }

async function resultOf(params: Props['params']): Promise<BackInStockResult> {
  const { result } = await params
  if (!Object.hasOwn(BACK_IN_STOCK_RESULTS, result)) notFound()
  return result as BackInStockResult
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const result = await resultOf(params)
  return { title: BACK_IN_STOCK_RESULTS[result].title, robots: { index: false } }
}

/** Where an "Email me when it's back" form posted without the page's script lands. */
export default async function BackInStockResultPage({ params }: Props) {
  const result = await resultOf(params)
  const { title, description } = BACK_IN_STOCK_RESULTS[result]
  const Icon = result === 'saved' ? CircleCheck : CircleX
  return (
    <NoticeCard icon={<Icon aria-hidden="true" className="size-14 text-accent" />} title={title}>
      <p>{description}</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a href="/#merch" className="font-semibold underline underline-offset-4 hover:no-underline">
        {result === 'failed' ? 'Try again' : 'Back to the merch'}
      </a>
    </NoticeCard>
  )
}
