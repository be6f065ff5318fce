'use client'

import { ArrowDown, ArrowUp } from 'lucide-react'

import { Button } from '@/ui/button'
import { apiJson, apiRequest } from '@/ui/api-client'
import { formatDuration } from '@/modules/music/contract/publicPage'
import { STREAMING_MODES, type StreamingMode } from '@/modules/music/contract/streaming'

import { ConfirmDelete } from '@/ui/admin/ConfirmAction.client'
import { KEYS, useAdminMutation } from '@/ui/admin/mutations.client'

import type { AdminTrack, ReleaseDetail } from './ReleasePanel.client'

const STREAMING_NAMES: Record<StreamingMode, string> = {
  full: 'Full track',
  preview: '30-second preview',
  none: 'No streaming',
}

/** A track's processing as the team reads it: "Processing", "Ready 3:20" or "Failed: reason". */
export function statusText(track: AdminTrack): string {
  if (track.status === 'processing') return 'Processing'
  if (track.status === 'failed') return `Failed: ${track.failureReason ?? 'the audio could not be processed'}`
  return `Ready ${formatDuration(track.durationSeconds)}`.trim()
}

/**
 * A release's tracks in order, each with its processing status. Owners and managers also choose
 * how the public may stream each, mark tracks instant (a pre-order buyer downloads them at once),
 * move them up or down and delete them; viewers read the same list without the controls.
 */
export function TrackList({ release, canEdit }: { release: ReleaseDetail; canEdit: boolean }) {
  const invalidate = [KEYS.release(release.id), KEYS.releases]
  const base = `/api/admin/releases/${release.id}/tracks`
  const change = useAdminMutation({
    mutationFn: ({ id, ...body }: { id: string; streaming?: StreamingMode; instant?: boolean }) =>
      apiJson('PUT', `${base}/${id}`, body),
    invalidate,
    success: 'Track saved successfully',
    failure: 'Failed to save track',
  })
  const reorder = useAdminMutation({
    mutationFn: (trackIds: string[]) => apiJson('PUT', `${base}/order`, { trackIds }),
    invalidate,
    success: 'Track order saved',
    failure: 'Failed to reorder tracks',
  })
  const removal = useAdminMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${base}/${id}`),
    invalidate,
    success: 'Track deleted successfully',
    failure: 'Failed to delete track',
  })

  const tracks = release.tracks
  const move = (index: number, by: -1 | 1) => {
    const target = index + by
    if (target < 0 || target >= tracks.length || reorder.isPending) return
    const ids = tracks.map((t) => t.id)
    ;[ids[index], ids[target]] = [ids[target]!, ids[index]!]
    reorder.mutate(ids)
  }

  if (tracks.length === 0) return <p className="text-sm text-muted-foreground">No tracks yet.</p>
  return (
    <ol className="grid gap-2" aria-label={`Tracks of ${release.title}`}>
      {tracks.map((track, index) => (
        <li key={track.id} className="flex flex-wrap items-center gap-3 rounded-md border border-border p-3">
          <span className="w-6 text-right text-sm text-muted-foreground" aria-hidden="true">
            {index + 1}.
          </span>
          <div className="grid min-w-0 flex-1 gap-0.5">
            <span className="font-medium">{track.title}</span>
            <span className="text-sm text-muted-foreground" data-testid="track-status">
              {statusText(track)}
            </span>
          </div>
          {canEdit ? (
            <TrackControls
              track={track}
              first={index === 0}
              last={index === tracks.length - 1}
              onChange={(body) => change.mutate({ id: track.id, ...body })}
              onMove={(by) => move(index, by)}
              onDelete={() => removal.mutate(track.id)}
            />
          ) : (
            <span className="text-sm text-muted-foreground">
              {STREAMING_NAMES[track.streaming]}
              {track.instant && ' · Instant'}
            </span>
          )}
        </li>
      ))}
    </ol>
  )
}

/** A track's controls: its streaming, its instant flag, Move up, Move down and Delete. */
function TrackControls({
  track,
  first,
  last,
  onChange,
  onMove,
  onDelete,
}: {
  track: AdminTrack
  first: boolean
  last: boolean
  onChange: (change: { streaming?: StreamingMode; instant?: boolean }) => void
  onMove: (by: -1 | 1) => void
  onDelete: () => void
}) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm">
        <span className="sr-only">Streaming of {track.title}</span>
        <select
          value={track.streaming}
          onChange={(e) => onChange({ streaming: e.target.value as StreamingMode })}
          className="h-8 rounded-md border border-input bg-background px-2 text-sm"
        >
          {STREAMING_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {STREAMING_NAMES[mode]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          aria-label={`Instant: ${track.title}`}
          checked={track.instant}
          onChange={(e) => onChange({ instant: e.target.checked })}
        />
        Instant
      </label>
      <div className="flex gap-1">
        {/* aria-disabled, not disabled: the button keeps the keyboard focus at either end. */}
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Move ${track.title} up`}
          aria-disabled={first}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Move ${track.title} down`}
          aria-disabled={last}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <ConfirmDelete
          label={`Delete ${track.title}`}
          title="Delete track"
          description={`Are you sure you want to delete "${track.title}"? Its audio is deleted too. This action cannot be undone.`}
          onConfirm={onDelete}
        />
      </div>
    </>
  )
}
