'use client'

import Link from 'next/link'

import type { MerchItem, MerchShow, Settlement, TillLinkItem } from '@/modules/merchTable/contract/merchTypes'

import { CountIn } from './CountIn.client'
import { CountOut } from './CountOut.client'
import { showDate } from './merchFormat'
import { SettlementCard } from './SettlementCard'
import { TillLinks } from './TillLinks.client'
import { VenueCut } from './VenueCut.client'

type Props = {
  show: MerchShow
  tills: TillLinkItem[]
  settlement: Settlement
  items: MerchItem[]
  defaultExpiry: string
  canEdit: boolean
}

/** A show's merch table: its till links, settlement, venue cut, count-in and count-out. */
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
