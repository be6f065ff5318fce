'use client'

import { useQueryClient } from '@tanstack/react-query'
import { Upload } from 'lucide-react'
import { useRef, useState } from 'react'

import { Button } from '@/ui/button'
import { ApiError } from '@/ui/apiError'
import { isUnauthorizedError } from '@/ui/api-client'

import { KEYS } from '@/ui/admin/mutations.client'

import { AUDIO_ACCEPT, uploadTrack } from './uploadAudio'

type Upload = { key: number; name: string; share: number; done: boolean; error: string | null }

let next = 0

const reasonOf = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverMessage ?? error.message)
    : error instanceof Error
      ? error.message
      : String(error)

/**
 * Adds tracks from WAV, AIFF or FLAC masters: each chosen file goes straight to storage with its
 * own progress bar, then becomes the release's last track (its row then reads "uploaded"). Files
 * are sent one after another.
 */
export function TrackUploads({ releaseId }: { releaseId: string }) {
  const queryClient = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const [uploads, setUploads] = useState<Upload[]>([])
  const update = (key: number, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)))

  async function send(files: File[]) {
    const added = files.map((file) => ({ key: ++next, name: file.name, share: 0, done: false, error: null }))
    setUploads((all) => [...all, ...added])
    for (const [i, file] of files.entries()) {
      const { key } = added[i]!
      try {
        await uploadTrack(releaseId, file, (share) => update(key, { share }))
        update(key, { share: 1, done: true })
      } catch (error) {
        if (isUnauthorizedError(error)) return
        update(key, { error: reasonOf(error) })
      }
      await queryClient.invalidateQueries({ queryKey: KEYS.release(releaseId) })
    }
  }

  const id = `upload-${releaseId}`
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          accept={AUDIO_ACCEPT}
          className="sr-only"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? [])
            e.target.value = ''
            if (files.length) void send(files)
          }}
        />
        <Button variant="outline" onClick={() => input.current?.click()}>
          <Upload aria-hidden="true" />
          Upload tracks
        </Button>
        <label htmlFor={id} className="text-sm text-muted-foreground">
          WAV, AIFF or FLAC masters, up to 2 GB each.
        </label>
      </div>
      {uploads.length > 0 && (
        <ul className="grid gap-2" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key} className="grid gap-1 text-sm">
              <span>
                {u.name}
                {u.done && ': uploaded'}
              </span>
              {u.error ? (
                <span role="alert" className="text-red-300">
                  Failed: {u.error}
                </span>
              ) : (
                <progress
                  className="w-full"
                  max={100}
                  value={Math.round(u.share * 100)}
                  aria-label={`Uploading ${u.name}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
