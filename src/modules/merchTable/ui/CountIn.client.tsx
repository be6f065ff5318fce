'use client'

import { useState, type FormEvent } from 'react'

import { Button } from '@/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card'
import { Input } from '@/ui/input'
import { apiJson } from '@/ui/api-client'
import type { MerchItem, MerchShow, Settlement } from '@/modules/merchTable/contract/merchTypes'

import { key } from './merchFormat'
import { useWrite } from './useWrite.client'

/** What goes into the show's box, taken out of the web shop's stock until the count-out. */
export function CountIn({
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
