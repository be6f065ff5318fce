'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import QRCode from 'qrcode'
import { useEffect, useState, type FormEvent } from 'react'

import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card'
import { Input } from '@/ui/input'
import { apiJson } from '@/ui/api-client'
import { ApiError } from '@/ui/apiError'
import type { MerchItem, MerchShow, Settlement, TillLinkItem } from '@/modules/merchTable/contract/merchTypes'
import { dollars } from '@/lib/money'

type Props = {
  show: MerchShow
  tills: TillLinkItem[]
  settlement: Settlement
  items: MerchItem[]
  defaultExpiry: string
  canEdit: boolean
}

const when = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone })
const showDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })
const key = (i: { productId: string; productOptionId: string | null }) => i.productOptionId ?? i.productId
/** The error's message for the team: the server's message and the first field message. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { message?: string; errors?: Record<string, string> } | undefined
    const field = body?.errors ? Object.values(body.errors)[0] : undefined
    return [body?.message, field].filter(Boolean).join(' ') || error.message
  }
  return error instanceof Error ? error.message : 'Something went wrong.'
}

/** A write, then the page's data again from the server; answers an error message or null. */
function useWrite() {
  const router = useRouter()
  const [pending, setPending] = useState(false)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  async function run<T>(call: () => Promise<T>, done: string): Promise<T | null> {
    setPending(true)
    setMessage(null)
    try {
      const result = await call()
      setMessage({ ok: true, text: done })
      router.refresh()
      return result
    } catch (error) {
      setMessage({ ok: false, text: messageOf(error) })
      return null
    } finally {
      setPending(false)
    }
  }
  const status = message ? (
    <p
      role={message.ok ? 'status' : 'alert'}
      className={message.ok ? 'text-sm text-green-400' : 'text-sm text-red-400'}
    >
      {message.text}
    </p>
  ) : null
  return { run, pending, status }
}

export function MerchTable({ show, tills, settlement, items, defaultExpiry, canEdit }: Props) {
  return (
    <main className="mx-auto grid max-w-4xl gap-6 p-4 sm:p-6">
      <header className="grid gap-1">
        <p>
          <Link className="text-sm underline" href="/admin#shows">
            Back to the dashboard
          </Link>
        </p>
        <h1 className="font-heading text-2xl font-bold">Merch table: {show.title}</h1>
        <p className="text-muted-foreground">
          {show.venue} · {showDate(show.date)}
        </p>
      </header>
      <TillLinks show={show} tills={tills} defaultExpiry={defaultExpiry} canEdit={canEdit} />
      <SettlementCard show={show} settlement={settlement} />
      {canEdit && <VenueCut show={show} percent={settlement.venueCutPercent} />}
      <CountIn show={show} settlement={settlement} items={items} canEdit={canEdit} />
      <CountOut show={show} settlement={settlement} canEdit={canEdit} />
    </main>
  )
}

function TillLinks({ show, tills, defaultExpiry, canEdit }: Omit<Props, 'settlement' | 'items'>) {
  const { run, pending, status } = useWrite()
  const [made, setMade] = useState<{ url: string; expiresAt: string } | null>(null)
  const [qr, setQr] = useState<string | null>(null)
  const [expires, setExpires] = useState('')
  useEffect(() => {
    if (!made) return
    void QRCode.toString(made.url, { type: 'svg', margin: 1, width: 240 }).then(setQr)
  }, [made])

  async function create(event: FormEvent) {
    event.preventDefault()
    const body = expires ? { expiresAt: new Date(expires).toISOString() } : {}
    const link = await run(
      () => apiJson<{ url: string; expiresAt: string }>('POST', `/api/admin/shows/${show.id}/tills`, body),
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
        {made && (
          <div className="grid gap-2 rounded-md border border-border p-3" data-testid="new-till-link">
            <label className="grid gap-1 text-sm">
              Till link (valid until {when(made.expiresAt, show.timeZone)})
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
        )}
        {tills.length === 0 ? (
          <p className="text-sm text-muted-foreground">No till links yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Till links">
            {tills.map((till) => {
              return (
                <li key={till.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <span>Made {when(till.createdAt, show.timeZone)}</span>
                  <span>· until {when(till.expiresAt, show.timeZone)}</span>
                  <span>· {till.sales} sales</span>
                  {till.state === 'revoked' ? (
                    <Badge variant="muted">Revoked</Badge>
                  ) : till.state === 'ended' ? (
                    <Badge variant="muted">Ended</Badge>
                  ) : (
                    <Badge>Active</Badge>
                  )}
                  {canEdit && !till.revokedAt && (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={pending}
                      onClick={() => void revoke(till)}
                    >
                      Revoke
                    </Button>
                  )}
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function SettlementCard({ show, settlement: s }: { show: MerchShow; settlement: Settlement }) {
  const figures: [string, string | null][] = [
    ['Gross sales', s.gross],
    ['Cash', s.cash],
    ['Card', s.card],
    ['Discounts', s.discounts],
    ['Comps', s.comps],
    [`Venue cut (${s.venueCutPercent}%)`, s.venueCut],
    ['Net', s.net],
    ['Expected cash', s.expectedCash],
    ['Cash counted', s.cashCounted],
    ['Cash over (short)', s.cashDifference],
  ]
  const flagged = s.lines.filter((l) => l.oversold > 0)
  return (
    <Card>
      <CardHeader>
        <CardTitle>Settlement</CardTitle>
        <CardDescription>
          {s.sales} sales, {s.voids} voided.{' '}
          <a className="underline" href={`/api/admin/shows/${show.id}/settlement?format=csv`}>
            Download CSV
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2 md:grid-cols-3" data-testid="settlement-figures">
          {figures.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-2 border-b border-border py-1">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-semibold whitespace-nowrap tabular-nums">
                {value === null ? 'not counted' : dollars(value)}
              </dd>
            </div>
          ))}
        </dl>
        {s.lines.length > 0 && (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Units sold per product and size</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Sold</th>
                <th scope="col">Comped</th>
                <th scope="col">Gross</th>
              </tr>
            </thead>
            <tbody>
              {s.lines.map((l) => (
                <tr key={key(l)}>
                  <th scope="row" className="font-normal">
                    {l.title}
                  </th>
                  <td>{l.sold}</td>
                  <td>{l.comped}</td>
                  <td className="whitespace-nowrap tabular-nums">{dollars(l.gross)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {flagged.length > 0 && (
          <div role="alert" className="rounded-md border border-amber-500 p-3 text-sm">
            Sold beyond the stock the table had: {flagged.map((l) => `${l.title} (${l.oversold})`).join(', ')}. Check
            the stock of these items.
          </div>
        )}
        {s.shrinkage.length > 0 && (
          <p className="text-sm">
            Shrinkage (missing from the box): {s.shrinkage.map((l) => `${l.title}: ${l.quantity}`).join(', ')}
          </p>
        )}
      </CardContent>
    </Card>
  )
}

function VenueCut({ show, percent }: { show: MerchShow; percent: string }) {
  const { run, pending, status } = useWrite()
  const [value, setValue] = useState(percent)
  async function save(event: FormEvent) {
    event.preventDefault()
    await run(() => apiJson('PUT', `/api/admin/shows/${show.id}/venue-cut`, { percent: value }), 'Venue cut saved.')
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Venue cut</CardTitle>
        <CardDescription>The venue&apos;s percent of the table&apos;s takings (after discounts).</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-sm">
            Percent
            <Input inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} className="w-28" />
          </label>
          <Button type="submit" disabled={pending}>
            Save venue cut
          </Button>
        </form>
        {status}
      </CardContent>
    </Card>
  )
}

function CountIn({
  show,
  settlement,
  items,
  canEdit,
}: {
  show: MerchShow
  settlement: Settlement
  items: MerchItem[]
  canEdit: boolean
}) {
  const { run, pending, status } = useWrite()
  const initial = Object.fromEntries(settlement.countIn.map((l) => [key(l), String(l.quantity)]))
  const [counts, setCounts] = useState<Record<string, string>>(initial)
  const closed = settlement.countedOutAt !== null
  async function save(event: FormEvent) {
    event.preventDefault()
    const lines = items
      .filter((i) => Number(counts[key(i)] || 0) > 0)
      .map((i) => ({ productId: i.productId, productOptionId: i.productOptionId, quantity: Number(counts[key(i)]) }))
    await run(
      () => apiJson('PUT', `/api/admin/shows/${show.id}/count-in`, { lines }),
      'Count-in saved: those units left the web shop.',
    )
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Count-in</CardTitle>
        <CardDescription>
          What goes into the show&apos;s box. It leaves the web shop&apos;s stock, so the web cannot sell the shirts in
          the van; the till sells those items from the box. Items not counted in sell from the shop&apos;s stock.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="grid gap-2">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Count-in per product and size</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Shop stock</th>
                <th scope="col">Into the box</th>
              </tr>
            </thead>
            <tbody>
              {items
                .filter((i) => i.isActive || counts[key(i)])
                .map((i) => (
                  <tr key={key(i)}>
                    <th scope="row" className="font-normal">
                      {i.title}
                    </th>
                    <td>{i.shopStock}</td>
                    <td>
                      <Input
                        aria-label={`Into the box: ${i.title}`}
                        inputMode="numeric"
                        className="w-24"
                        disabled={!canEdit || closed}
                        value={counts[key(i)] ?? ''}
                        onChange={(e) => setCounts({ ...counts, [key(i)]: e.target.value })}
                      />
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
          {canEdit && !closed && (
            <Button type="submit" disabled={pending} className="justify-self-start">
              Save count-in
            </Button>
          )}
          {closed && <p className="text-sm text-muted-foreground">The box was counted out; the count-in is closed.</p>}
          {status}
        </form>
      </CardContent>
    </Card>
  )
}

function CountOut({ show, settlement, canEdit }: { show: MerchShow; settlement: Settlement; canEdit: boolean }) {
  const { run, pending, status } = useWrite()
  const [left, setLeft] = useState<Record<string, string>>(
    Object.fromEntries(settlement.countOut.map((l) => [key(l), String(l.quantity)])),
  )
  const [cash, setCash] = useState(settlement.cashCounted ?? '')
  const box = new Map(settlement.box.map((l) => [key(l), l]))
  async function save(event: FormEvent) {
    event.preventDefault()
    const lines = settlement.countIn.map((l) => ({
      productId: l.productId,
      productOptionId: l.productOptionId,
      quantity: Number(left[key(l)] || 0),
    }))
    await run(
      () =>
        apiJson('PUT', `/api/admin/shows/${show.id}/count-out`, {
          lines,
          ...(cash.trim() ? { cashCounted: cash } : {}),
        }),
      'Count-out saved: what is left went back to the web shop.',
    )
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Count-out</CardTitle>
        <CardDescription>
          What is left in the box at the end of the night goes back to the shop&apos;s stock, and the cash counted. Sold
          counts what the till sold or gave away from the box; expected left is what it should hold now.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="grid gap-2">
          {settlement.countIn.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing was counted in.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Count-out per product and size</caption>
              <thead className="wrap-normal">
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col" className="pr-2">
                    Counted in
                  </th>
                  <th scope="col" className="pr-2">
                    Sold
                  </th>
                  <th scope="col" className="pr-2">
                    Expected left
                  </th>
                  <th scope="col">Left in the box</th>
                </tr>
              </thead>
              <tbody>
                {settlement.countIn.map((l) => (
                  <tr key={key(l)}>
                    <th scope="row" className="font-normal">
                      {l.title}
                    </th>
                    <td className="pr-2">{l.quantity}</td>
                    <td className="pr-2">{box.get(key(l))?.sold ?? 0}</td>
                    <td className="pr-2">{box.get(key(l))?.expectedLeft ?? l.quantity}</td>
                    <td>
                      <Input
                        aria-label={`Left in the box: ${l.title}`}
                        inputMode="numeric"
                        className="w-20"
                        disabled={!canEdit}
                        value={left[key(l)] ?? ''}
                        onChange={(e) => setLeft({ ...left, [key(l)]: e.target.value })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <label className="grid gap-1 text-sm">
            Cash counted
            <Input
              inputMode="decimal"
              className="w-40"
              disabled={!canEdit}
              value={cash}
              onChange={(e) => setCash(e.target.value)}
            />
          </label>
          {canEdit && (
            <Button type="submit" disabled={pending} className="justify-self-start">
              Save count-out
            </Button>
          )}
          {status}
        </form>
      </CardContent>
    </Card>
  )
}
