import type { Metadata } from 'next'

import { NoticeCard } from '@/ui/NoticeCard'

export const metadata: Metadata = { title: 'Page Not Found', robots: { index: false } }

/** The 404 card (served with status 404 for any unknown path). */
export default function NotFound() {
  return <NoticeCard title="Page Not Found" description="The page you are looking for does not exist." />
}
