'use client'

import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Megaphone } from 'lucide-react'
import { marked } from 'marked'
import { useMemo, useState } from 'react'

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/ui/alert-dialog.client'
import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card'
import { Input } from '@/ui/input'
import { Textarea } from '@/ui/textarea'
import { toast } from '@/ui/use-toast.client'
import { apiJson } from '@/ui/api-client'
import { ApiError } from '@/ui/apiError'
import type { Campaign } from '@/modules/newsletter/contract/types'

import { KEYS } from '@/ui/admin/mutations.client'

const CAMPAIGNS_KEY = KEYS.campaigns

type Draft = { id?: string; subject: string; body: string; city: string; state: string }
const EMPTY: Draft = { subject: '', body: '', city: '', state: '' }

/** "5 confirmed subscribers", "1 confirmed subscriber". */
const confirmedFans = (n: number) => `${n} confirmed subscriber${n === 1 ? '' : 's'}`

/**
 * A send button that asks first, naming how many confirmed subscribers the campaign reaches:
 * one click must never mail the whole list unawares.
 */
function ConfirmSend({
  label,
  title,
  description,
  confirmText,
  onConfirm,
  disabled,
  variant,
}: {
  label: string
  title: string
  description: string
  confirmText: string
  onConfirm: () => void
  disabled?: boolean
  variant?: 'outline'
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant={variant} disabled={disabled}>
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirmText}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

const errorText = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Something went wrong. Please try again.'

/**
 * The newsletter's campaigns, inside the Subscribers tab: the list with counts, the editor with
 * its live preview, "Send me a test", send now or at a time, and progress with pause, resume and
 * cancel. The preview renders the Markdown in a sandboxed frame (no script runs); the server
 * sanitises the email itself.
 */
export function CampaignsPanel() {
  const client = useQueryClient()
  const campaigns = useQuery<{ docs: Campaign[] }>({
    queryKey: CAMPAIGNS_KEY,
    retry: false,
    refetchInterval: (q) =>
      q.state.data?.docs.some((c) => c.status === 'sending' || c.status === 'scheduled') ? 1500 : false,
  })
  const [draft, setDraft] = useState<Draft | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [at, setAt] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const preview = useMemo(() => (draft ? String(marked.parse(draft.body, { async: false })) : ''), [draft])

  const act = async (what: string, run: () => Promise<unknown>, done?: string) => {
    setBusy(true)
    try {
      await run()
      if (done) toast({ title: done })
      await client.invalidateQueries({ queryKey: CAMPAIGNS_KEY })
    } catch (error) {
      toast({ title: what, description: errorText(error), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  const save = async () => {
    if (!draft) return
    const body = {
      subject: draft.subject,
      body: draft.body,
      audience: { city: draft.city || undefined, state: draft.state || undefined },
    }
    setBusy(true)
    try {
      if (draft.id) await apiJson('PUT', `/api/admin/campaigns/${draft.id}`, body)
      else await apiJson('POST', '/api/admin/campaigns', body)
      setDraft(null)
      setErrors({})
      toast({ title: 'Campaign saved' })
      await client.invalidateQueries({ queryKey: CAMPAIGNS_KEY })
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fieldErrors : {})
      toast({ title: 'Failed to save campaign', description: errorText(error), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  const list = campaigns.data?.docs ?? []
  const announcements = list.filter((c) => c.status === 'draft' && c.showId).length

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <Megaphone className="size-5" aria-hidden="true" />
          Campaigns
        </CardTitle>
        {!draft && (
          <Button onClick={() => setDraft(EMPTY)} disabled={busy}>
            New campaign
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {announcements > 0 && (
          <p role="status" className="rounded-md bg-accent/15 px-3 py-2 text-sm">
            {announcements === 1
              ? 'A show announcement is waiting as a draft: review it and press Send.'
              : `${announcements} show announcements are waiting as drafts: review them and press Send.`}
          </p>
        )}
        {draft && (
          <form
            aria-label="Campaign editor"
            className="grid gap-3 rounded-md border border-border p-3"
            onSubmit={(e) => {
              e.preventDefault()
              void save()
            }}
          >
            <label className="grid gap-1 text-sm">
              Subject
              <Input
                value={draft.subject}
                maxLength={200}
                onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
                aria-invalid={Boolean(errors.subject)}
              />
              {errors.subject && <span className="text-destructive">{errors.subject}</span>}
            </label>
            <label className="grid gap-1 text-sm">
              Message (Markdown)
              <Textarea
                rows={8}
                value={draft.body}
                onChange={(e) => setDraft({ ...draft, body: e.target.value })}
                aria-invalid={Boolean(errors.body)}
              />
              {errors.body && <span className="text-destructive">{errors.body}</span>}
            </label>
            <fieldset className="grid gap-2 text-sm sm:grid-cols-2">
              <legend className="mb-1">Audience: everyone confirmed, or only fans near</legend>
              <label className="grid gap-1">
                City
                <Input value={draft.city} onChange={(e) => setDraft({ ...draft, city: e.target.value })} />
              </label>
              <label className="grid gap-1">
                State
                <Input value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.target.value })} />
              </label>
            </fieldset>
            <div className="grid gap-1 text-sm">
              <span>Preview</span>
              <iframe
                title="Preview"
                sandbox=""
                className="h-64 w-full rounded-md border border-border bg-white"
                srcDoc={`<!doctype html><html><body style="font-family:sans-serif;font-size:15px;color:#111">${preview}</body></html>`}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>
                Save draft
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setDraft(null)
                  setErrors({})
                }}
              >
                Cancel
              </Button>
            </div>
          </form>
        )}
        {campaigns.isPending ? (
          <p className="text-muted-foreground">Loading...</p>
        ) : list.length === 0 ? (
          <p className="text-muted-foreground">No campaigns yet.</p>
        ) : (
          <ul aria-label="Campaigns" className="grid gap-2">
            {list.map((c) => (
              <li key={c.id} className="grid gap-2 rounded-md bg-foreground/5 px-3 py-2">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="min-w-0 flex-1 font-medium wrap-anywhere">{c.subject}</p>
                  <Badge variant={c.status === 'sent' ? 'default' : c.status === 'paused' ? 'destructive' : 'outline'}>
                    {c.status}
                  </Badge>
                </div>
                <p className="text-xs text-muted-foreground" aria-label="Progress">
                  {c.status === 'draft'
                    ? `Draft${c.audience.city || c.audience.state ? ` for fans near ${[c.audience.city, c.audience.state].filter(Boolean).join(', ')}` : ' for every confirmed subscriber'}`
                    : `Sent ${c.counts.sent} of ${c.counts.recipients}, failed ${c.counts.failed}`}
                  {c.status === 'scheduled' &&
                    c.scheduledAt &&
                    ` · scheduled for ${new Date(c.scheduledAt).toLocaleString('en-US')}`}
                </p>
                {c.pauseReason && c.status === 'paused' && <p className="text-sm text-destructive">{c.pauseReason}</p>}
                <div className="flex flex-wrap items-center gap-2">
                  {c.status === 'draft' && (
                    <>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() =>
                          setDraft({
                            id: c.id,
                            subject: c.subject,
                            body: c.body,
                            city: c.audience.city ?? '',
                            state: c.audience.state ?? '',
                          })
                        }
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={busy}
                        onClick={() =>
                          act(
                            'Failed to send the test',
                            () => apiJson('POST', `/api/admin/campaigns/${c.id}/test`),
                            'Test sent to you',
                          )
                        }
                      >
                        Send me a test
                      </Button>
                      <ConfirmSend
                        label="Send now"
                        title="Send this campaign now?"
                        description={
                          (c.audienceSize ?? 0) > 0
                            ? `“${c.subject}” goes to ${confirmedFans(c.audienceSize!)} now.`
                            : `“${c.subject}” reaches no confirmed subscriber: nobody would get it.`
                        }
                        confirmText={`Send to ${c.audienceSize ?? 0} subscriber${c.audienceSize === 1 ? '' : 's'}`}
                        disabled={busy}
                        onConfirm={() =>
                          act(
                            'Failed to send campaign',
                            () => apiJson('POST', `/api/admin/campaigns/${c.id}/send`, {}),
                            'Sending',
                          )
                        }
                      />
                      <Input
                        type="datetime-local"
                        aria-label="Send at"
                        className="h-8 w-auto"
                        value={at[c.id] ?? ''}
                        onChange={(e) => setAt({ ...at, [c.id]: e.target.value })}
                      />
                      <ConfirmSend
                        label="Schedule"
                        variant="outline"
                        title="Schedule this campaign?"
                        description={`“${c.subject}” goes out on ${at[c.id] ? new Date(at[c.id]!).toLocaleString('en-US') : ''} to the confirmed subscribers of that moment: ${confirmedFans(c.audienceSize ?? 0)} would get it today.`}
                        confirmText="Schedule"
                        disabled={busy || !at[c.id]}
                        onConfirm={() =>
                          act(
                            'Failed to schedule campaign',
                            () =>
                              apiJson('POST', `/api/admin/campaigns/${c.id}/send`, {
                                at: new Date(at[c.id]!).toISOString(),
                              }),
                            'Scheduled',
                          )
                        }
                      />
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={busy}
                        onClick={() =>
                          act(
                            'Failed to delete campaign',
                            () => apiJson('DELETE', `/api/admin/campaigns/${c.id}`),
                            'Deleted',
                          )
                        }
                      >
                        Delete
                      </Button>
                    </>
                  )}
                  {(c.status === 'sending' || c.status === 'scheduled') && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      onClick={() =>
                        act('Failed to pause', () => apiJson('POST', `/api/admin/campaigns/${c.id}/pause`))
                      }
                    >
                      Pause
                    </Button>
                  )}
                  {c.status === 'paused' && (
                    <Button
                      size="sm"
                      disabled={busy}
                      onClick={() =>
                        act('Failed to resume', () => apiJson('POST', `/api/admin/campaigns/${c.id}/resume`))
                      }
                    >
                      Resume
                    </Button>
                  )}
                  {['scheduled', 'sending', 'paused'].includes(c.status) && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      onClick={() =>
                        act('Failed to cancel', () => apiJson('POST', `/api/admin/campaigns/${c.id}/cancel`))
                      }
                    >
                      Cancel sending
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
