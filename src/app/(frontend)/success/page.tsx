import { CircleCheck } from 'lucide-react'
import type { Metadata } from 'next'

import { NoticeCard } from '@/components/public/NoticeCard'

export const metadata: Metadata = { title: 'Order Complete!', robots: { index: false } }

export default function SuccessPage() {
  return (
    <NoticeCard icon={<CircleCheck aria-hidden="true" className="size-14 text-accent" />} title="Order Complete!">
      <p>Thank you for your purchase. You will receive an email confirmation shortly.</p>
    </NoticeCard>
  )
}
