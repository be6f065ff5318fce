import { CircleCheck, CircleX } from 'lucide-react'
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { NoticeCard } from '@/ui/NoticeCard'
import { FREE_DOWNLOAD_RESULTS, type FreeDownloadResult } from '@/modules/shop/contract/freeDownload'

type Props = { params: Promise<{ result: string }> }

async function resultOf(params: Props['params']): Promise<FreeDownloadResult> {
  const { result } = await params
  if (!Object.hasOwn(FREE_DOWNLOAD_RESULTS, result)) notFound()
  return result as FreeDownloadResult
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const result = await resultOf(params)
  return { title: FREE_DOWNLOAD_RESULTS[result].title, robots: { index: false } }
}

/** Where a free release's download form posted without the page's script lands. */
export default async function FreeDownloadResultPage({ params }: Props) {
  const result = await resultOf(params)
  const { title, description } = FREE_DOWNLOAD_RESULTS[result]
  const Icon = result === 'sent' ? CircleCheck : CircleX
  return (
    <NoticeCard icon={<Icon aria-hidden="true" className="size-14 text-accent" />} title={title}>
      <p>{description}</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a href="/music" className="font-semibold underline underline-offset-4 hover:no-underline">
        {result === 'failed' ? 'Try again' : 'Back to the music'}
      </a>
    </NoticeCard>
  )
}
