'use client'

import QRCode from 'qrcode'
import { useEffect, useState, type FormEvent } from 'react'

import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card'
import { Input } from '@/ui/input'
import { apiJson } from '@/ui/api-client'
import type { MerchShow, TillLinkItem } from '@/modules/merchTable/contract/merchTypes'

import { when } from './merchFormat'
import { useWrite } from './useWrite.client'

type MadeLink = { url: string; expiresAt: string }

/** The show's till links: made here (the link and its QR code shown once), listed and revoked. */
export function TillLinks({
  show,
  tills,
  defaultExpiry,
  canEdit,
}: {
  show: MerchShow
  tills: TillLinkItem[]
  defaultExpiry: string
  canEdit: boolean
}) {
  const { run, pending, status } = useWrite()
  const [made, setMade] = useState<MadeLink | null>(null)
  const [expires, setExpires] = useState('')

  async function create(event: FormEvent) {
    event.preventDefault()
    const body = expires ? { expiresAt: new Date(expires).toISOString() } : {}
    const link = await run(
      () => apiJson<MadeLink>('POST', `/api/admin/shows/${show.id}/tills`, body),
      'Till link created.',
    )
    if (link) setMade(link)
  }

  async function revoke(till: TillLinkItem) {
    if (!window.confirm('Revoke this till link? The phone using it can no longer send sales.')) return
    await run(() => apiJson('DELETE', `/api/admin/shows/${show.id}/tills/${till.id}`), 'Till link revoked.')
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Till links</CardTitle>
        <CardDescription>
          Whoever holds a link rings up sales for this show on their phone, with no account and with no signal. The link
          is shown once, when it is made.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canEdit && (
          <form onSubmit={create} className="flex flex-wrap items-end gap-3">
            <label className="grid gap-1 text-sm">
              Valid until (empty: {when(defaultExpiry, show.timeZone)})
              <Input type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} />
            </label>
            <Button type="submit" disabled={pending}>
              Create till link
            </Button>
          </form>
        )}
        {status}
        {made && <NewTillLink made={made} timeZone={show.timeZone} />}
        {tills.length === 0 ? (
          <p className="text-sm text-muted-foreground">No till links yet.</p>
        ) : (
          <TillLinkList tills={tills} timeZone={show.timeZone} canEdit={canEdit} pending={pending} onRevoke={revoke} />
        )}
      </CardContent>
    </Card>
  )
}

/** The link just made, with its QR code: shown this once. */
function NewTillLink({ made, timeZone }: { made: MadeLink; timeZone: string }) {
  const [qr, setQr] = useState<string | null>(null)
  useEffect(() => {
    void QRCode.toString(made.url, { type: 'svg', margin: 1, width: 240 }).then(setQr)
  }, [made])
  return (
    <div className="grid gap-2 rounded-md border border-border p-3" data-testid="new-till-link">
      <label className="grid gap-1 text-sm">
        Till link (valid until {when(made.expiresAt, timeZone)})
        <Input readOnly value={made.url} onFocus={(e) => e.currentTarget.select()} />
      </label>
      {qr && (
        <div
          className="w-60 max-w-full rounded bg-white p-2 [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
          role="img"
          aria-label="QR code of the till link"
          dangerouslySetInnerHTML={{ __html: qr }}
        />
      )}
    </div>
  )
}

function TillLinkList({
  tills,
  timeZone,
  canEdit,
  pending,
  onRevoke,
}: {
  tills: TillLinkItem[]
  timeZone: string
  canEdit: boolean
  pending: boolean
  onRevoke: (till: TillLinkItem) => Promise<void>
}) {
  return (
    <ul className="grid gap-2" aria-label="Till links">
      {tills.map((till) => {
        return (
          <li key={till.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span>Made {when(till.createdAt, timeZone)}</span>
            <span>· until {when(till.expiresAt, timeZone)}</span>
            <span>· {till.sales} sales</span>
            {till.state === 'revoked' ? (
              <Badge variant="muted">Revoked</Badge>
            ) : till.state === 'ended' ? (
              <Badge variant="muted">Ended</Badge>
            ) : (
              <Badge>Active</Badge>
            )}
            {canEdit && !till.revokedAt && (
              <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => void onRevoke(till)}>
                Revoke
              </Button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
