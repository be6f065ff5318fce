'use client'

import { ChevronDown, ChevronUp } from 'lucide-react'
import { useState } from 'react'

import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { Card } from '@/ui/card'
import { formatReleaseDate, priceText, releaseTypeLabel } from '@/modules/music/contract/publicPage'

import { KEYS } from '@/ui/admin/mutations.client'
import { RecordList, useRecords } from '@/ui/admin/RecordList.client'

import { ReleaseDialog } from './ReleaseDialog.client'
import { ReleasePanel } from './ReleasePanel.client'
import { RELEASES, type AdminRelease } from './releases'

/**
 * The Music tab: the band's releases (artwork, title, type, date, price, active); owners and
 * managers add, edit and delete them, and under each release upload and order its tracks. Viewers
 * read everything, figures included.
 */
export function MusicTab() {
  const [open, setOpen] = useState<string | null>(null)
  return (
    <RecordList<AdminRelease>
      title="Manage Music"
      addLabel="Add Release"
      query={useRecords<AdminRelease>(KEYS.releases)}
      empty="No releases yet."
      listLabel="Releases"
      itemName={(release) => release.title}
      resource={RELEASES}
      confirmDelete={(release) =>
        `Are you sure you want to delete "${release.title}"? Its tracks and their audio are deleted too.`
      }
      renderItem={(release, { canEdit, editButton, deleteButton }) => {
        const expanded = open === release.id
        return (
          <Card className="grid gap-4 p-4">
            <div className="flex flex-wrap items-start gap-4">
              {release.artworkUrl ? (
                <img src={release.artworkUrl} alt="" className="size-20 rounded object-cover" />
              ) : (
                <div className="flex size-20 items-center justify-center rounded bg-foreground/5 text-xs text-muted-foreground">
                  No artwork
                </div>
              )}
              <div className="grid min-w-0 flex-1 gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-semibold">{release.title}</h2>
                  <Badge variant={release.isActive ? 'default' : 'muted'}>
                    {release.isActive ? 'Active' : 'Inactive'}
                  </Badge>
                </div>
                <p className="text-sm">
                  {releaseTypeLabel(release.type)} · {formatReleaseDate(release.releaseDate)}
                </p>
                <p className="text-sm text-muted-foreground">{priceText(release.pricing)}</p>
              </div>
              <div className="flex flex-wrap gap-1">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Tracks and figures: ${release.title}`}
                  aria-expanded={expanded}
                  aria-controls={`release-${release.id}`}
                  onClick={() => setOpen(expanded ? null : release.id)}
                >
                  {expanded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
                  Tracks and figures
                </Button>
                {canEdit && editButton()}
                {canEdit && deleteButton()}
              </div>
            </div>
            {expanded && <ReleasePanel release={release} />}
          </Card>
        )
      }}
      renderDialog={(release, onClose) => <ReleaseDialog release={release} onClose={onClose} />}
    />
  )
}
