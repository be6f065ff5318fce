'use client'

import { Download, Search, Trash2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'

import { Button } from '@/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card'
import { Input } from '@/ui/input'
import { Label } from '@/ui/label.client'
import { apiJson } from '@/ui/api-client'
import { ApiError } from '@/ui/apiError'
import { ConfirmAction } from '@/ui/admin/ConfirmAction.client'
import { KEYS, useAdminMutation } from '@/ui/admin/mutations.client'
import type { ErasureCounts, PersonalData } from '@/modules/privacy/contract'

import { PrivacySettingsForm } from './PrivacySettings.client'

const query = (email: string) => new URLSearchParams({ email }).toString()

/** The lists of the answer, in the order they are shown, with their headings. */
const SECTIONS: { key: keyof PersonalData; title: string; line: (r: Record<string, unknown>) => string }[] = [
  { key: 'orders', title: 'Orders', line: (r) => `#${String(r.id).slice(0, 8)}: ${r.status}, $${r.totalAmount}` },
  { key: 'backInStock', title: 'Back-in-stock waits', line: (r) => `${r.product}${r.option ? ` (${r.option})` : ''}` },
  { key: 'deliveries', title: 'Newsletter campaigns', line: (r) => `${r.subject}: ${r.status}` },
  { key: 'queuedEmails', title: 'Emails', line: (r) => `${r.subject} (${r.sentAt ? 'sent' : 'queued'})` },
  {
    key: 'downloadGrants',
    title: 'Downloads',
    line: (r) =>
      r.kind === 'link'
        ? `Download link, until ${String(r.expiresAt).slice(0, 10)}`
        : `${String(r.release)}${r.revokedAt ? ' (refunded)' : ''}`,
  },
  {
    key: 'redeemedCodes',
    title: 'Download codes redeemed',
    line: (r) => `${r.release}, ${String(r.redeemedAt).slice(0, 10)}`,
  },
]

/**
 * The owner's answer to a fan asking what the band holds about them: find it by email address,
 * download it as a file, or erase it (orders stay for the books, without who placed them).
 */
export function PrivacyPanel() {
  const [email, setEmail] = useState('')
  const [found, setFound] = useState<PersonalData | null>(null)
  const [error, setError] = useState<string | null>(null)

  const find = async (event?: FormEvent) => {
    event?.preventDefault()
    setError(null)
    try {
      setFound(await apiJson<PersonalData>('GET', `/api/admin/privacy?${query(email.trim())}`))
    } catch (failure) {
      setFound(null)
      const badAddress = failure instanceof ApiError && failure.status === 400
      setError(badAddress ? 'Enter a valid email address.' : 'Could not look the address up. Please try again.')
    }
  }
  const erase = useAdminMutation({
    mutationFn: (address: string) => apiJson<ErasureCounts>('POST', '/api/admin/privacy/erase', { email: address }),
    invalidate: [KEYS.subscribers, KEYS.orders, KEYS.ordersSummary, KEYS.backInStock],
    success: (counts) => ({
      title: 'Data erased',
      description: `${counts.subscribers} subscriber, ${counts.orders} orders anonymised, ${counts.backInStock} waits, ${counts.deliveries} campaign deliveries, ${counts.queuedEmails} emails, ${counts.downloadGrants ?? 0} download grants and links.`,
    }),
    failure: 'Failed to erase the data',
    onSuccess: () => void find(),
  })

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Privacy</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={find} className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-64 flex-1 gap-2">
            <Label htmlFor="privacy-email">Email address</Label>
            <Input id="privacy-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
          </div>
          <Button type="submit">
            <Search aria-hidden="true" />
            Find
          </Button>
        </form>
        {error && <p role="alert">{error}</p>}
        {found && <Findings data={found} erasing={erase.isPending} onErase={() => erase.mutate(found.email)} />}
        <h3 className="font-semibold">Privacy settings</h3>
        <PrivacySettingsForm />
      </CardContent>
    </Card>
  )
}

function Findings({ data, erasing, onErase }: { data: PersonalData; erasing: boolean; onErase: () => void }) {
  const subscriber = data.subscriber
  return (
    <section aria-label={`Data held for ${data.email}`} className="grid gap-3">
      <p className="text-sm">
        Newsletter: {subscriber ? `subscribed (${String(subscriber.status)})` : 'not subscribed'}
      </p>
      {SECTIONS.map(({ key, title, line }) => {
        const rows = data[key] as Record<string, unknown>[]
        return (
          <div key={key}>
            <h3 className="text-sm font-semibold">
              {title}: {rows.length}
            </h3>
            {rows.length > 0 && (
              <ul className="list-disc pl-5 text-sm text-muted-foreground">
                {rows.map((r, i) => (
                  <li key={i}>{line(r)}</li>
                ))}
              </ul>
            )}
          </div>
        )
      })}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" asChild>
          <a href={`/api/admin/privacy/export?${query(data.email)}`} download>
            <Download aria-hidden="true" />
            Download data
          </a>
        </Button>
        <ConfirmAction
          icon={Trash2}
          destructive
          confirmText="Erase"
          title="Erase data"
          description={`Erase everything held for ${data.email}? The subscription, waits, campaign deliveries and emails are deleted; orders keep their amounts and items for the books but lose the name, email, phone and street. This cannot be undone.`}
          onConfirm={onErase}
          disabled={erasing}
        >
          Erase data
        </ConfirmAction>
      </div>
    </section>
  )
}
