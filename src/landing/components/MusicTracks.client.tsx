'use client'

import { lazy, Suspense, useState } from 'react'

import { Button } from '@/ui/button'
import { formatDuration, type PublicTrack } from '@/modules/music/contract/publicPage'

import { useLive } from '@/ui/useLive'

/** The player's code loads when a track is first played, so a page nobody listens on never downloads it. */
const MusicPlayer = lazy(() => import('./MusicPlayer.client').then((m) => ({ default: m.MusicPlayer })))

export type MusicTracksProps = { title: string; tracks: PublicTrack[] }

/**
 * A release's track list with its durations. Before the script runs (or without it) each playable
 * track has the browser's own audio controls; once live, each has a Play button that opens the
 * player. A track that may not be streamed is listed without either.
 */
export function MusicTracks({ title, tracks }: MusicTracksProps) {
  const live = useLive()
  const playable = tracks.filter((t) => t.streamURL)
  const [current, setCurrent] = useState<number | null>(null)
  const [request, setRequest] = useState(0)
  const play = (index: number) => {
    setCurrent(index)
    setRequest((r) => r + 1)
  }
  return (
    <div className="space-y-4">
      {current !== null && (
        <Suspense fallback={<p role="status">Loading the player…</p>}>
          <MusicPlayer tracks={playable} index={current} request={request} onIndex={play} />
        </Suspense>
      )}
      <ol aria-label={`Tracks of ${title}`} className="divide-y divide-border">
        {tracks.map((track) => (
          <li key={track.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2" data-testid="track">
            <span className="w-6 text-right tabular-nums text-muted-foreground">{track.position}</span>
            <span className="min-w-0 flex-1 font-medium">{track.title}</span>
            {track.streamURL && track.streaming === 'preview' && (
              <span className="text-xs uppercase tracking-wide text-muted-foreground">Preview</span>
            )}
            <span className="text-sm tabular-nums" data-testid="track-duration">
              {formatDuration(track.durationSeconds)}
            </span>
            {track.streamURL &&
              (live ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-label={`Play ${track.title}`}
                  onClick={() => play(playable.indexOf(track))}
                >
                  Play
                </Button>
              ) : (
                <audio
                  controls
                  preload="none"
                  src={track.streamURL}
                  aria-label={`Listen to ${track.title}`}
                  className="h-10 w-full"
                />
              ))}
          </li>
        ))}
      </ol>
    </div>
  )
}
