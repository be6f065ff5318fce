'use client'

import { useQuery } from '@tanstack/react-query'
import { Megaphone } from 'lucide-react'
import { useState } from 'react'

import { Button } from '@/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card'
import type { Campaign } from '@/modules/newsletter/contract/types'

import { CampaignEditor, EMPTY } from './CampaignEditor.client'
import { CampaignItem } from './CampaignItem.client'
import { CAMPAIGNS_KEY, useCampaignWrites } from './useCampaignWrites.client'

/**
 * The newsletter's campaigns, inside the Subscribers tab: the list with counts, the editor with
 * its live preview, "Send me a test", send now or at a time, and progress with pause, resume and
 * cancel. The preview renders the Markdown in a sandboxed frame (no script runs); the server
 * sanitises the email itself.
 */
export function CampaignsPanel() {
  const campaigns = useQuery<{ docs: Campaign[] }>({
    queryKey: CAMPAIGNS_KEY,
    retry: false,
    refetchInterval: (q) =>
      q.state.data?.docs.some((c) => c.status === 'sending' || c.status === 'scheduled') ? 1500 : false,
  })
  const [at, setAt] = useState<Record<string, string>>({})
  const { draft, setDraft, errors, busy, act, save, cancel } = useCampaignWrites()

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
          <CampaignEditor
            draft={draft}
            setDraft={setDraft}
            errors={errors}
            busy={busy}
            onSave={() => void save()}
            onCancel={cancel}
          />
        )}
        {campaigns.isPending ? (
          <p className="text-muted-foreground">Loading...</p>
        ) : list.length === 0 ? (
          <p className="text-muted-foreground">No campaigns yet.</p>
        ) : (
          <ul aria-label="Campaigns" className="grid gap-2">
            {list.map((c) => (
              <CampaignItem
                key={c.id}
                campaign={c}
                busy={busy}
                act={act}
                sendAt={at[c.id] ?? ''}
                onSendAt={(value) => setAt({ ...at, [c.id]: value })}
                onEdit={setDraft}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
