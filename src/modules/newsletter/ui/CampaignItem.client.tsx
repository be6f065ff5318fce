'use client'

import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { Input } from '@/ui/input'
import { apiJson } from '@/ui/api-client'
import type { Campaign } from '@/modules/newsletter/contract/types'

import type { Draft } from './CampaignEditor.client'
import { ConfirmSend } from './ConfirmSend.client'

/** Runs a campaign action: `done` is toasted when it worked, `what` with the reason when it did not. */
export type Act = (what: string, run: () => Promise<unknown>, done?: string) => Promise<void>

/** "5 confirmed subscribers", "1 confirmed subscriber". */
const confirmedFans = (n: number) => `${n} confirmed subscriber${n === 1 ? '' : 's'}`

type ItemProps = {
  campaign: Campaign
  busy: boolean
  act: Act
  /** The time typed for scheduling it. */
  sendAt: string
  onSendAt: (value: string) => void
  onEdit: (draft: Draft) => void
}

/** One campaign in the list: its subject, state and progress, and what can be done with it now. */
export function CampaignItem(props: ItemProps) {
  const { campaign: c, busy, act } = props
  return (
    <li className="grid gap-2 rounded-md bg-foreground/5 px-3 py-2">
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
        {c.status === 'draft' && <DraftActions {...props} />}
        <RunningActions campaign={c} busy={busy} act={act} />
      </div>
    </li>
  )
}

/** A draft: edit it, send a test to oneself, send it now or at a time, or delete it. */
function DraftActions({ campaign: c, busy, act, sendAt, onSendAt, onEdit }: ItemProps) {
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() =>
          onEdit({
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
          act('Failed to send the test', () => apiJson('POST', `/api/admin/campaigns/${c.id}/test`), 'Test sent to you')
        }
      >
        Send me a test
      </Button>
      <SendControls campaign={c} busy={busy} act={act} sendAt={sendAt} onSendAt={onSendAt} />
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={() =>
          act('Failed to delete campaign', () => apiJson('DELETE', `/api/admin/campaigns/${c.id}`), 'Deleted')
        }
      >
        Delete
      </Button>
    </>
  )
}

/** Send now, or type a time and schedule: each asks first, naming the subscribers it reaches. */
function SendControls({
  campaign: c,
  busy,
  act,
  sendAt,
  onSendAt,
}: Pick<ItemProps, 'campaign' | 'busy' | 'act' | 'sendAt' | 'onSendAt'>) {
  return (
    <>
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
          act('Failed to send campaign', () => apiJson('POST', `/api/admin/campaigns/${c.id}/send`, {}), 'Sending')
        }
      />
      <Input
        type="datetime-local"
        aria-label="Send at"
        className="h-8 w-auto"
        value={sendAt}
        onChange={(e) => onSendAt(e.target.value)}
      />
      <ConfirmSend
        label="Schedule"
        variant="outline"
        title="Schedule this campaign?"
        description={`“${c.subject}” goes out on ${sendAt ? new Date(sendAt).toLocaleString('en-US') : ''} to the confirmed subscribers of that moment: ${confirmedFans(c.audienceSize ?? 0)} would get it today.`}
        confirmText="Schedule"
        disabled={busy || !sendAt}
        onConfirm={() =>
          act(
            'Failed to schedule campaign',
            () => apiJson('POST', `/api/admin/campaigns/${c.id}/send`, { at: new Date(sendAt).toISOString() }),
            'Scheduled',
          )
        }
      />
    </>
  )
}

/** A campaign on its way: pause it, resume it, or cancel the rest of the sending. */
function RunningActions({ campaign: c, busy, act }: Pick<ItemProps, 'campaign' | 'busy' | 'act'>) {
  return (
    <>
      {(c.status === 'sending' || c.status === 'scheduled') && (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => act('Failed to pause', () => apiJson('POST', `/api/admin/campaigns/${c.id}/pause`))}
        >
          Pause
        </Button>
      )}
      {c.status === 'paused' && (
        <Button
          size="sm"
          disabled={busy}
          onClick={() => act('Failed to resume', () => apiJson('POST', `/api/admin/campaigns/${c.id}/resume`))}
        >
          Resume
        </Button>
      )}
      {['scheduled', 'sending', 'paused'].includes(c.status) && (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => act('Failed to cancel', () => apiJson('POST', `/api/admin/campaigns/${c.id}/cancel`))}
        >
          Cancel sending
        </Button>
      )}
    </>
  )
}
