'use client'

import { useState, type FormEvent } from 'react'

import { Button } from '@/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card'
import { Input } from '@/ui/input'
import { apiJson } from '@/ui/api-client'
import type { MerchShow } from '@/modules/merchTable/contract/merchTypes'

import { useWrite } from './useWrite.client'

/** The venue's percent of the table's takings, for the team that edits the show. */
export function VenueCut({ show, percent }: { show: MerchShow; percent: string }) {
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
