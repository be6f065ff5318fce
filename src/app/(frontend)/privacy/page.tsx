import type { Metadata } from 'next'

import { privacyNotice } from '@/modules/privacy/server/notice'
import { Card, CardContent, CardHeader } from '@/ui/card'

export const metadata: Metadata = { title: 'Privacy' }

const linkClass = 'font-semibold underline underline-offset-4 hover:no-underline'

/**
 * The privacy notice, written from the settings: what is collected and why, who processes it (as
 * configured), how long it is kept, how to ask for it, and the team's own text.
 */
export default async function PrivacyNoticePage() {
  const notice = await privacyNotice()
  return (
    <main className="flex min-h-dvh justify-center px-4 py-12">
      <Card className="w-full max-w-2xl">
        <CardHeader>
          <h1 className="font-heading text-2xl font-bold">Privacy</h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 [&_h2]:font-heading [&_h2]:text-xl [&_h2]:font-bold">
          <h2>What we collect and why</h2>
          <ul className="list-disc pl-6">
            <li>Your email address when you sign up for the newsletter, to send it to you.</li>
            <li>
              Your name, email, phone and shipping address when you order, to deliver the order and keep our books.
            </li>
            <li>Your email address when you ask to hear when an item is back in stock, to tell you.</li>
          </ul>
          <h2>Who handles it for us</h2>
          <ul className="list-disc pl-6" aria-label="Processors">
            {notice.processors.map((p) => (
              <li key={p.name}>
                {p.name}: {p.purpose}
              </li>
            ))}
          </ul>
          <h2>How long we keep it</h2>
          <p>
            An order forgets your name, email, phone and street address {notice.retentionMonths} months after it was
            delivered or refunded; the amounts stay for our books. A newsletter sign-up that is never confirmed is
            deleted after 30 days. You can unsubscribe from the newsletter at any time.
          </p>
          <h2>How to ask</h2>
          <p>
            You can see, download or erase what we hold for your email address:{' '}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/privacy/request" className={linkClass}>
              ask for your data
            </a>
            .
          </p>
          {notice.teamHtml && (
            <section
              aria-label="From the team"
              className="flex flex-col gap-2 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-6"
            >
              <div dangerouslySetInnerHTML={{ __html: notice.teamHtml }} />
            </section>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
