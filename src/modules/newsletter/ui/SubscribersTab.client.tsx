'use client'

import { useQuery } from '@tanstack/react-query'
import { Download, Mail } from 'lucide-react'
import { useState, type ReactNode } from 'react'

import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card'
import { splitEmailList } from '@/lib/validators'

import { CampaignsPanel } from './CampaignsPanel.client'
import { useDashboard } from '@/ui/admin/DashboardContext.client'
import { KEYS } from '@/ui/admin/mutations.client'
import { RecordList, type Resource } from '@/ui/admin/RecordList.client'
import { SearchField } from '@/ui/admin/SearchField.client'
import type { Subscriber } from '@/modules/newsletter/contract/types'
import type { ThemeSettings } from '@/modules/site/contract/types'
import { SUBSCRIBER_STATUS_LABELS } from '@/modules/newsletter/contract/subscriberStatus'
import { useDebounced, usePagedList } from '@/ui/admin/usePagedList.client'

const subscribedOn = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : 'Unknown date'

const SUBSCRIBERS: Resource = { noun: 'subscriber', path: '/api/admin/subscribers', invalidate: [KEYS.subscribers] }

/** Export CSV: the whole list, or the subscribers the search finds. */
function ExportButton({ q }: { q: string | undefined }) {
  return (
    <Button variant="outline" asChild>
      <a
        href={q ? `/api/admin/subscribers/export?${new URLSearchParams({ q })}` : '/api/admin/subscribers/export'}
        download
      >
        <Download aria-hidden="true" />
        Export CSV
      </a>
    </Button>
  )
}

type SubscribersCardProps = {
  list: ReactNode
  total: number
  /** The confirmed subscribers listed (all of them, or those the search finds). */
  confirmed: number
  q: string | undefined
  search: string
  onSearch: (search: string) => void
}

/** The list's card: the confirmed count, how many more are listed, and the search once there is something to search. */
function SubscribersCard({ list, total, confirmed, q, search, onSearch }: SubscribersCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{q ? `Confirmed subscribers found: ${confirmed}` : `Total Subscribers: ${confirmed}`}</CardTitle>
        {total > confirmed && (
          <p className="text-sm text-muted-foreground">
            {total - confirmed} more listed: waiting to confirm, unsubscribed or bounced.
          </p>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {(total > 0 || q) && (
          <div role="search" aria-label="Find subscribers">
            <SearchField label="Search subscribers" placeholder="Email address" value={search} onChange={onSearch} />
          </div>
        )}
        {list}
      </CardContent>
    </Card>
  )
}

/** One subscriber: email, sign-up day, active and status badges, and Delete. */
function SubscriberItem({ s, deleteButton }: { s: Subscriber; deleteButton: ReactNode }) {
  return (
    <>
      <div className="min-w-0 flex-1">
        <p className="font-medium wrap-anywhere">{s.email}</p>
        <p className="text-xs text-muted-foreground">Subscribed {subscribedOn(s.createdAt)}</p>
      </div>
      <Badge variant={s.isActive ? 'default' : 'muted'}>{s.isActive ? 'Active' : 'Inactive'}</Badge>
      <Badge variant="outline">{SUBSCRIBER_STATUS_LABELS[s.status] ?? s.status}</Badge>
      {deleteButton}
    </>
  )
}

/** Where notifications go (the configured addresses) and whether the email service is connected. */
function NotificationSummary({ emailService }: { emailService: 'smtp' | 'files' }) {
  const theme = useQuery<ThemeSettings>({ queryKey: KEYS.theme })
  const addresses = splitEmailList(theme.data?.notificationEmail)
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail className="size-5" aria-hidden="true" />
          Email Notification Summary
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div>
          <p className="font-semibold">Notification emails</p>
          {addresses.length > 0 ? (
            <ul aria-label="Notification emails">
              {addresses.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">{theme.isPending ? 'Loading...' : 'Not configured'}</p>
          )}
        </div>
        <div>
          <p className="font-semibold">Email service</p>
          <p className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={`size-2 rounded-full ${emailService === 'smtp' ? 'bg-green-400' : 'bg-yellow-400'}`}
            />
            {emailService === 'smtp' ? 'Connected (SMTP)' : 'Not connected: emails are saved as files on the server'}
          </p>
        </div>
        <p className="text-muted-foreground">
          Notifications go to all configured addresses when a subscriber signs up or an order is placed.
        </p>
      </CardContent>
    </Card>
  )
}

export function SubscribersTab() {
  const { canEdit, emailService } = useDashboard()
  const [search, setSearch] = useState('')
  const q = useDebounced(search).trim() || undefined
  // Viewers may not read the list (the server answers 403), so it is not asked for.
  const subscribers = usePagedList<Subscriber>(
    KEYS.subscribers,
    '/api/admin/subscribers',
    { q },
    { retry: false, enabled: canEdit },
  )
  const hasSubscribers = (subscribers.data?.total ?? 0) > 0 || Boolean(q)
  // Counts name confirmed fans: those waiting to confirm, unsubscribed or bounced get no email.
  const confirmed = subscribers.data?.confirmed ?? 0

  return (
    <RecordList<Subscriber>
      title="Newsletter Subscribers"
      headerAction={canEdit && hasSubscribers && <ExportButton q={q} />}
      query={subscribers}
      restricted={
        <Card>
          <CardContent className="pt-6 text-center text-muted-foreground sm:pt-6">
            Only owners and managers can see the subscriber list.
          </CardContent>
        </Card>
      }
      frame={(list, { total = 0 }) => (
        <SubscribersCard list={list} total={total} confirmed={confirmed} q={q} search={search} onSearch={setSearch} />
      )}
      empty={q ? 'No subscribers match your search.' : 'No newsletter subscribers yet.'}
      listLabel="Subscribers"
      listClassName="grid gap-2"
      itemClassName="flex flex-wrap items-center gap-3 rounded-md bg-foreground/5 px-3 py-2"
      itemName={(s) => s.email}
      resource={SUBSCRIBERS}
      confirmDelete={(s) => `Are you sure you want to delete the subscriber ${s.email}?`}
      renderItem={(s, { deleteButton }) => <SubscriberItem s={s} deleteButton={deleteButton()} />}
      after={
        <>
          {canEdit && <CampaignsPanel />}
          <NotificationSummary emailService={emailService} />
        </>
      }
    />
  )
}
