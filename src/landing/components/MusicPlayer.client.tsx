'use client'

import { Pause, Play, SkipForward } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'

import { Button } from '@/ui/button'
import { formatDuration, type PublicTrack } from '@/modules/music/contract/publicPage'
import { PREVIEW_SECONDS } from '@/modules/music/contract/streaming'

export type MusicPlayerProps = {
  /** The release's playable tracks, in order. */
  tracks: PublicTrack[]
  /** Which of them plays. */
  index: number
  /** Changes with every request to play `index` from its start. */
  request: number
  onIndex: (index: number) => void
}

/** How long the track's stream lasts: a preview stops after its first 30 seconds. */
function expectedLength(track: PublicTrack): number {
  const full = track.durationSeconds ?? 0
  return track.streaming === 'preview' ? Math.min(full, PREVIEW_SECONDS) : full
}

/**
 * The release's player: one native <audio> (nothing loads before a track is asked for), Play/Pause,
 * Next, a seek slider speaking its position ("1:05 of 3:20"), and the current track announced
 * politely to screen readers.
 */
export function MusicPlayer({ tracks, index, request, onIndex }: MusicPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null)
  const track = tracks[index]!
  const [playing, setPlaying] = useState(false)
  const [time, setTime] = useState(0)
  const [length, setLength] = useState(expectedLength(track))

  useEffect(() => {
    const element = audio.current
    if (!element) return
    setTime(0)
    element.currentTime = 0
    element.play().catch(() => setPlaying(false))
  }, [index, request])

  const hasNext = index < tracks.length - 1
  const position = `${formatDuration(time)} of ${formatDuration(length)}`

  return (
    <div className="space-y-3 rounded-md border border-border bg-foreground/5 p-4" data-testid="music-player">
      <audio
        ref={audio}
        src={track.streamURL ?? undefined}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onDurationChange={(e) => {
          const d = e.currentTarget.duration
          if (Number.isFinite(d) && d > 0) setLength(d)
        }}
        onLoadStart={() => setLength(expectedLength(track))}
        onEnded={() => (hasNext ? onIndex(index + 1) : setPlaying(false))}
      />
      <p aria-live="polite" className="font-semibold" data-testid="now-playing">
        {`Track ${track.position}: ${track.title}${track.streaming === 'preview' ? ' (preview)' : ''}`}
      </p>
      <div className="flex items-center gap-2">
        <Button
          type="button"
          size="sm"
          onClick={() => {
            const element = audio.current
            if (!element) return
            if (element.paused) element.play().catch(() => setPlaying(false))
            else element.pause()
          }}
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={!hasNext} onClick={() => onIndex(index + 1)}>
          <SkipForward aria-hidden="true" />
          Next
        </Button>
        <span className="ml-auto text-sm tabular-nums text-muted-foreground" aria-hidden="true">
          {position}
        </span>
      </div>
      <input
        type="range"
        className="w-full accent-primary"
        aria-label={`Seek in ${track.title}`}
        aria-valuetext={position}
        min={0}
        max={Math.max(1, Math.floor(length))}
        step={1}
        value={Math.min(Math.floor(time), Math.max(1, Math.floor(length)))}
        onChange={(e) => {
          const element = audio.current
          const to = Number(e.currentTarget.value)
          setTime(to)
          if (element) element.currentTime = to
        }}
      />
    </div>
  )
}
