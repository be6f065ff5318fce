'use client'

import { useQuery } from '@tanstack/react-query'
import { Pencil, Plus } from 'lucide-react'
import { useState } from 'react'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.client'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label.client'
import { Switch } from '@/components/ui/switch.client'
import { Textarea } from '@/components/ui/textarea'
import { apiJson, apiRequest } from '@/lib/api-client'
import { showSchema } from '@/lib/schemas/show'

import { ConfirmDelete } from '../ConfirmDelete.client'
import { DashboardHeader } from '../DashboardHeader.client'
import { useDashboard } from '../DashboardContext.client'
import { FormField, issuesByField } from '../FormField.client'
import { KEYS, useAdminMutation } from '../mutations.client'
import { QueryState } from '../QueryState.client'
import type { Show } from '../types'

/** Show dates are kept at noon UTC, so they read the same day everywhere. */
const showDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** The date picker's "YYYY-MM-DD" of a stored date. */
const pickerValue = (iso: string | undefined) => (iso ? new Date(iso).toISOString().slice(0, 10) : '')

export function ShowsTab() {
  const { canEdit } = useDashboard()
  const shows = useQuery<Show[]>({ queryKey: KEYS.shows })
  const [editing, setEditing] = useState<Show | 'new' | null>(null)
  // The dialog shows the show as last loaded: a reload after a refused save remounts it.
  const editingShow = editing === null || editing === 'new' ? null : (shows.data?.find((s) => s.id === editing.id) ?? editing)
  const remove = useAdminMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/admin/shows/${id}`),
    invalidate: [KEYS.shows],
    success: 'Show deleted successfully',
    failure: 'Failed to delete show',
  })

  return (
    <>
      <DashboardHeader
        title="Upcoming Shows"
        action={
          canEdit && (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              Add Show
            </Button>
          )
        }
      />
      <QueryState query={shows}>
        {(data) =>
          data.length === 0 ? (
            <Card>
              <CardContent className="pt-6 text-center text-muted-foreground sm:pt-6">No upcoming shows yet.</CardContent>
            </Card>
          ) : (
            <ul className="grid gap-3" aria-label="Shows">
              {data.map((show) => (
                <li key={show.id}>
                  <Card className="flex flex-wrap items-start gap-4 p-4">
                    <div className="min-w-0 flex-1 grid gap-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <h2 className="font-semibold">{show.title}</h2>
                        <Badge variant={show.isActive ? 'default' : 'muted'}>{show.isActive ? 'Active' : 'Inactive'}</Badge>
                      </div>
                      <p>{show.venue}</p>
                      {(show.city || show.state) && <p className="text-sm text-muted-foreground">{[show.city, show.state].filter(Boolean).join(', ')}</p>}
                      <p className="text-sm">
                        {showDay(show.date)}
                        {show.time && ` at ${show.time}`}
                      </p>
                      {show.description && <p className="text-sm text-muted-foreground">{show.description}</p>}
                    </div>
                    {canEdit && (
                      <div className="flex gap-1">
                        <Button variant="ghost" size="icon" aria-label={`Edit ${show.title}`} onClick={() => setEditing(show)}>
                          <Pencil aria-hidden="true" />
                        </Button>
                        <ConfirmDelete
                          label={`Delete ${show.title}`}
                          title="Delete show"
                          description={`Are you sure you want to delete "${show.title}"? This action cannot be undone.`}
                          onConfirm={() => remove.mutate(show.id)}
                        />
                      </div>
                    )}
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {editing && <ShowDialog key={editingShow?.updatedAt ?? 'new'} show={editingShow} onClose={() => setEditing(null)} />}
    </>
  )
}

function ShowDialog({ show, onClose }: { show: Show | null; onClose: () => void }) {
  const [form, setForm] = useState({
    title: show?.title ?? '',
    venue: show?.venue ?? '',
    date: pickerValue(show?.date),
    time: show?.time ?? '',
    city: show?.city ?? '',
    state: show?.state ?? '',
    ticketUrl: show?.ticketUrl ?? '',
    description: show?.description ?? '',
    isActive: show?.isActive ?? true,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useAdminMutation({
    mutationFn: (data: unknown) =>
      show ? apiJson<Show>('PUT', `/api/admin/shows/${show.id}`, data) : apiJson<Show>('POST', '/api/admin/shows', data),
    invalidate: [KEYS.shows],
    success: show ? 'Show updated successfully' : 'Show created successfully',
    failure: show ? 'Failed to update show' : 'Failed to create show',
    onSuccess: onClose,
  })

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const parsed = showSchema.safeParse(form)
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues))
    setErrors({})
    save.mutate(show ? { ...parsed.data, updatedAt: show.updatedAt } : parsed.data)
  }

  const text = (name: 'title' | 'venue' | 'time' | 'city' | 'state' | 'ticketUrl', label: string, placeholder?: string) => (
    <FormField id={`show-${name}`} label={label} error={errors[name]}>
      <Input
        id={`show-${name}`}
        placeholder={placeholder}
        value={form[name]}
        aria-invalid={Boolean(errors[name])}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
    </FormField>
  )

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{show ? 'Edit Show' : 'Add New Show'}</DialogTitle>
          <DialogDescription>Active shows dated today or later are listed on the public page.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {text('title', 'Show Title *')}
          {text('venue', 'Venue *')}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="show-date" label="Date *" error={errors.date}>
              <Input id="show-date" type="date" value={form.date} aria-invalid={Boolean(errors.date)} onChange={(e) => setForm({ ...form, date: e.target.value })} />
            </FormField>
            {text('time', 'Time', '7:00 PM')}
            {text('city', 'City')}
            {text('state', 'State')}
          </div>
          {text('ticketUrl', 'Ticket URL', 'https://')}
          <FormField id="show-description" label="Description" error={errors.description}>
            <Textarea id="show-description" value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
          </FormField>
          <div className="flex items-center gap-3">
            <Switch id="show-active" checked={form.isActive} onCheckedChange={(isActive) => setForm({ ...form, isActive })} />
            <Label htmlFor="show-active">Active (visible to public)</Label>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : show ? 'Update Show' : 'Create Show'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
