import type { Metadata } from 'next'
import { redirect } from 'next/navigation'

import type { PersonalData } from '@/modules/privacy/contract'
import { personalDataOfToken } from '@/modules/privacy/server/fanRequest'
import { isDomainError } from '@/platform/errors'
import { Button } from '@/ui/button'
import { Card, CardContent, CardHeader } from '@/ui/card'

/** The token never leaves in a Referer to another site; the forms still send the site's Origin. */
export const metadata: Metadata = { title: 'Your personal data', robots: { index: false }, referrer: 'same-origin' }

type Props = { params: Promise<{ token: string }> }

const KINDS: { key: string; label: string }[] = [
  { key: 'orders', label: 'Orders' },
  { key: 'backInStock', label: 'Back-in-stock requests' },
  { key: 'deliveries', label: 'Newsletters sent to you' },
  { key: 'queuedEmails', label: 'Emails sent to you' },
  { key: 'downloadGrants', label: 'Downloads' },
  { key: 'redeemedCodes', label: 'Download codes you redeemed' },
]

/** Where an unknown, expired or used link leads (see that page for why it is not a 404 here). */
const INVALID_LINK = '/privacy/request/invalid'

async function dataOf(token: string): Promise<PersonalData> {
  try {
    return await personalDataOfToken(token)
  } catch (error) {
    if (isDomainError(error, 'notFound') || isDomainError(error, 'gone')) redirect(INVALID_LINK)
    throw error
  }
}

/**
 * The mailed link's page: what the site holds for the address, a download of it (the team's
 * export) and its erasure, which asks for a ticked box first. Native forms: no script needed.
 */
export default async function PrivacyDataPage({ params }: Props) {
  const { token } = await params
  const data = await dataOf(token)
  const lists = KINDS.map((kind) => ({ ...kind, records: (data[kind.key] as unknown[] | undefined) ?? [] }))
  return (
    <main className="flex min-h-dvh justify-center px-4 py-12">
      <Card className="w-full max-w-2xl">
        <CardHeader>
          <h1 className="font-heading text-2xl font-bold">Your personal data</h1>
          <p>What we hold for {data.email}:</p>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <ul className="list-disc pl-6" aria-label="What we hold">
            <li>Newsletter subscription: {data.subscriber ? String(data.subscriber.status ?? 'yes') : 'none'}</li>
            {lists.map(({ key, label, records }) => (
              <li key={key}>
                {label}: {records.length}
              </li>
            ))}
          </ul>
          <details>
            <summary>Show every record</summary>
            <pre className="mt-2 max-h-96 overflow-auto text-xs">{JSON.stringify(data, null, 2)}</pre>
          </details>
          <form method="post" action="/api/privacy/export">
            <input type="hidden" name="token" value={token} />
            <Button type="submit" variant="outline">
              Download my data
            </Button>
          </form>
          <form method="post" action="/api/privacy/erase" className="flex flex-col gap-3">
            <h2 className="font-heading text-xl font-bold">Erase my data</h2>
            <p>
              Your subscription, requests and emails are deleted; your orders stay in our books without your name,
              email, phone or street address.
            </p>
            <input type="hidden" name="token" value={token} />
            <label className="flex items-center gap-2">
              <input type="checkbox" name="confirm" value="yes" required />I understand this cannot be undone
            </label>
            <Button type="submit" variant="destructive" className="self-start">
              Erase my data
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  )
}
