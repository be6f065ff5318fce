import type { Metadata } from 'next'

import { NoticeCard } from '@/ui/NoticeCard'
import { fontVariables } from '@/styles/fonts'
import '@/styles/globals.css'

export const metadata: Metadata = { title: 'Page Not Found', robots: { index: false } }

/**
 * The 404 card where no layout of the app applies: an unknown show (/shows/{slug}, a page of
 * src/pages answering notFound). Unknown paths elsewhere get `(frontend)/not-found.tsx`, the same card.
 */
export default function GlobalNotFound() {
  return (
    <html lang="en" className={fontVariables}>
      <body>
        <NoticeCard title="Page Not Found" description="The page you are looking for does not exist." />
      </body>
    </html>
  )
}
