'use client'

import { useState, type FormEvent } from 'react'

import { Button } from '@/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card'
import { Input } from '@/ui/input'
import { apiJson } from '@/ui/api-client'
import type { MerchShow, Settlement } from '@/modules/merchTable/contract/merchTypes'

import { key } from './merchFormat'
import { useWrite } from './useWrite.client'

/** What is left in the box at the end of the night, back to the shop's stock, and the cash counted. */
export function CountOut({ show, settlement, canEdit }: { show: MerchShow; settlement: Settlement; canEdit: boolean }) {
  const { run, pending, status } = useWrite()
  const [left, setLeft] = useState<Record<string, string>>(
    Object.fromEntries(settlement.countOut.map((l) => [key(l), String(l.quantity)])),
  )
  const [cash, setCash] = useState(settlement.cashCounted ?? '')
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
            <CountOutTable settlement={settlement} left={left} setLeft={setLeft} canEdit={canEdit} />
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

/** Per item: counted in, sold from the box, expected left, and what is left as counted. */
function CountOutTable({
  settlement,
  left,
  setLeft,
  canEdit,
}: {
  settlement: Settlement
  left: Record<string, string>
  setLeft: (left: Record<string, string>) => void
  canEdit: boolean
}) {
  const box = new Map(settlement.box.map((l) => [key(l), l]))
  return (
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
  )
}
