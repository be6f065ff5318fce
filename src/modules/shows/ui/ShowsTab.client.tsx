'use client'

import { Badge } from '@/ui/badge'
import { Card } from '@/ui/card'
import { Textarea } from '@/ui/textarea'
import { showSchema } from '@/modules/shows/contract/show'
import { SHOW_STATUS_NAMES, SHOW_STATUSES } from '@/modules/shows/contract/showStatus'
import { formatClockTime, formatShowDay, isPastShow, parseShowTime, showDay } from '@/platform/time/showTime'

import { FormField } from '@/ui/admin/FormField.client'
import { KEYS } from '@/ui/admin/mutations.client'
import { RecordDialog, useRecordForm, useSaveRecord } from '@/ui/admin/RecordDialog.client'
import { RecordList, useRecords, type Resource } from '@/ui/admin/RecordList.client'
import { TIME_ZONE_LIST, TimeZoneNames } from '@/ui/admin/TimeZoneNames.client'
import type { Show } from '@/modules/shows/contract/types'

/** The date picker's "YYYY-MM-DD": the show's day, or empty for a new show. */
const pickerValue = (iso: string | undefined) => (iso ? showDay(iso) : '')

// A show's changes draft (or withdraw) its announcements, so the campaigns are read again too.
const SHOWS: Resource = { noun: 'show', path: '/api/admin/shows', invalidate: [KEYS.shows, KEYS.campaigns] }

export function ShowsTab() {
  return (
    <RecordList<Show>
      title="Upcoming Shows"
      addLabel="Add Show"
      query={useRecords<Show>(KEYS.shows)}
      empty="No upcoming shows yet."
      listLabel="Shows"
      itemName={(show) => show.title}
      resource={SHOWS}
      confirmDelete={(show) => `Are you sure you want to delete "${show.title}"?`}
      renderItem={(show, { canEdit, editButton, deleteButton }) => (
        <Card className="flex flex-wrap items-start gap-4 p-4">
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="font-semibold">{show.title}</h2>
              <Badge variant={show.isActive ? 'default' : 'muted'}>{show.isActive ? 'Active' : 'Inactive'}</Badge>
              {show.status !== 'scheduled' && <Badge variant="muted">{SHOW_STATUS_NAMES[show.status]}</Badge>}
              {isPastShow(show.date) && <Badge variant="outline">Past</Badge>}
            </div>
            <p>{show.venue}</p>
            {(show.city || show.state) && (
              <p className="text-sm text-muted-foreground">{[show.city, show.state].filter(Boolean).join(', ')}</p>
            )}
            <p className="text-sm">
              {formatShowDay(show.date)}
              {show.time && ` at ${show.time}`}
            </p>
            <p className="text-sm text-muted-foreground">
              Time zone: {show.effectiveTimeZone}
              {!show.timeZone && " (the band's)"}
            </p>
            {show.description && <p className="text-sm text-muted-foreground">{show.description}</p>}
            <p className="text-sm">
              <a className="underline" href={`/admin/shows/${show.id}/merch`} aria-label={`Merch table: ${show.title}`}>
                Merch table
              </a>
            </p>
          </div>
          {canEdit && (
            <div className="flex gap-1">
              {editButton()}
              {deleteButton()}
            </div>
          )}
        </Card>
      )}
      renderDialog={(show, onClose) => <ShowDialog show={show} onClose={onClose} />}
    />
  )
}

/** What start time the free text reads as, so the team can correct the text when it is wrong. */
function UnderstoodTime({ time, timeZone }: { time: string; timeZone: string }) {
  if (!time.trim()) return null
  const clock = parseShowTime(time)
  return (
    <p className="text-sm text-muted-foreground" data-testid="understood-time" aria-live="polite">
      {clock
        ? `Starts at ${formatClockTime(clock)}${timeZone.trim() ? ` (${timeZone.trim()})` : " (the band's time zone)"}.`
        : 'No start time understood: calendars list the show for the whole day. Write it like 7:00 PM or 19:30.'}
    </p>
  )
}

function ShowDialog({ show, onClose }: { show: Show | null; onClose: () => void }) {
  const save = useSaveRecord(show, SHOWS, onClose, { createOrUpdate: true })
  const { form, set, errors, submit, text, toggle } = useRecordForm(
    {
      title: show?.title ?? '',
      venue: show?.venue ?? '',
      date: pickerValue(show?.date),
      time: show?.time ?? '',
      timeZone: show?.timeZone ?? '',
      status: show?.status ?? 'scheduled',
      previousDate: pickerValue(show?.previousDate ?? undefined),
      streamUrl: show?.streamUrl ?? '',
      city: show?.city ?? '',
      state: show?.state ?? '',
      country: show?.country ?? '',
      ticketUrl: show?.ticketUrl ?? '',
      description: show?.description ?? '',
      isActive: show?.isActive ?? true,
    },
    showSchema,
    (data) => save.mutate(data),
    'show',
  )

  return (
    <RecordDialog
      title={show ? 'Edit Show' : 'Add New Show'}
      description="Active shows dated today or later are listed on the public page."
      submitLabel={show ? 'Update Show' : 'Create Show'}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {text('title', 'Show Title *')}
      {text('venue', 'Venue *')}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('date', 'Date *', { type: 'date' })}
        {text('time', 'Time', { placeholder: '7:00 PM' })}
        {text('city', 'City')}
        {text('state', 'State')}
        {text('country', 'Country', { placeholder: 'US', autoComplete: 'country' })}
      </div>
      <UnderstoodTime time={form.time} timeZone={form.timeZone} />
      <div className="grid gap-4 sm:grid-cols-2">
        {text('timeZone', 'Time zone', {
          placeholder: "The band's (Band Profile)",
          list: TIME_ZONE_LIST,
          autoComplete: 'off',
        })}
        <TimeZoneNames />
        <FormField id="show-status" label="Status" error={errors.status}>
          <select
            id="show-status"
            value={form.status}
            onChange={(e) => set('status', e.target.value as typeof form.status)}
            className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm"
          >
            {SHOW_STATUSES.map((status) => (
              <option key={status} value={status}>
                {SHOW_STATUS_NAMES[status]}
              </option>
            ))}
          </select>
        </FormField>
        {form.status === 'rescheduled' && text('previousDate', 'Previous date', { type: 'date' })}
        {form.status === 'movedOnline' && text('streamUrl', 'Stream URL *', { placeholder: 'https://' })}
      </div>
      {text('ticketUrl', 'Ticket URL', { placeholder: 'https://' })}
      <FormField id="show-description" label="Description" error={errors.description}>
        <Textarea id="show-description" value={form.description} onChange={(e) => set('description', e.target.value)} />
      </FormField>
      {toggle('isActive', 'Active (visible to public)')}
    </RecordDialog>
  )
}
