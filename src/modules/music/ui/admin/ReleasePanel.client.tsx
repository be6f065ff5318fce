'use client'

import { useQuery } from '@tanstack/react-query'

import { dollars, formatCents } from '@/lib/money'
import type { serializeTrack } from '@/modules/music/contract/track'

import { useDashboard } from '@/ui/admin/DashboardContext.client'
import { KEYS } from '@/ui/admin/mutations.client'
import { QueryState } from '@/ui/admin/QueryState.client'

import { ReleaseCodes } from './ReleaseCodes.client'
import type { AdminRelease } from './releases'
import { TrackList } from './TrackList.client'
import { TrackUploads } from './TrackUploads.client'

export type AdminTrack = ReturnType<typeof serializeTrack>

/** A release as its team route answers it: with its tracks, its figures and the audio programs missing. */
export type ReleaseDetail = AdminRelease & {
  tracks: AdminTrack[]
  stats: { sales: number; revenueCents: number; downloads: number; plays: number }
  audioTools: { missing: string[] }
}

/** How often a release with a track still processing is read again. */
const PROCESSING_POLL_MS = 2000

/**
 * Under a release: its figures, its tracks (status, streaming, instant, order), its download codes
 * and, for owners and managers, the upload of new masters. A release with a track processing is
 * read again every 2 s.
 */
export function ReleasePanel({ release }: { release: AdminRelease }) {
  const { canEdit } = useDashboard()
  const query = useQuery<ReleaseDetail>({
    queryKey: KEYS.release(release.id),
    refetchInterval: (q) => (q.state.data?.tracks.some((t) => t.status === 'processing') ? PROCESSING_POLL_MS : false),
  })
  return (
    <section id={`release-${release.id}`} aria-label={`${release.title}: tracks and figures`} className="grid gap-4">
      <QueryState query={query}>
        {(detail) => (
          <>
            {detail.audioTools.missing.length > 0 && (
              <p role="status" className="rounded-md border border-amber-400/60 bg-amber-400/10 p-3 text-sm">
                Audio processing needs ffmpeg ({detail.audioTools.missing.join(' and ')} not found on the server):
                install it with <code>apt-get install ffmpeg</code>, then upload the tracks again.
              </p>
            )}
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Figure label="Sales" value={String(detail.stats.sales)} />
              <Figure label="Revenue" value={dollars(formatCents(detail.stats.revenueCents))} />
              <Figure label="Downloads" value={String(detail.stats.downloads)} />
              <Figure label="Plays" value={String(detail.stats.plays)} />
            </dl>
            <TrackList release={detail} canEdit={canEdit} />
            {canEdit && <TrackUploads releaseId={release.id} />}
            <ReleaseCodes releaseId={release.id} canWrite={canEdit} />
          </>
        )}
      </QueryState>
    </section>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border border-border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  )
}
