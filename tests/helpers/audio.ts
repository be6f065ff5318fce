import { execFile } from 'node:child_process'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { expect } from 'vitest'

import type { Client } from './http'
import { postForms, put } from './uploads'

/** Audio masters the way the dashboard uploads them, made with the machine's ffmpeg. */

const run = promisify(execFile)

/** A WAV master of a 440 Hz tone, `seconds` long. */
export async function sineWav(seconds: number): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-f', 'wav', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  )
  return stdout
}

/** What ffprobe reads of some audio bytes: the duration in seconds and the format's tags. */
export async function probe(data: Uint8Array): Promise<{ duration: number; tags: Record<string, string> }> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'probe-'))
  try {
    const file = path.join(dir, 'audio')
    await fsp.writeFile(file, data)
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format', '-of', 'json', file])
    const format = (JSON.parse(stdout) as { format: { duration: string; tags?: Record<string, string> } }).format
    return { duration: Number(format.duration), tags: format.tags ?? {} }
  } finally {
    await fsp.rm(dir, { recursive: true, force: true })
  }
}

/**
 * Asks for an audio upload and sends `data` to it as the dashboard does; answers what the track
 * route takes as `audioURL` (the upload URL on local disk, the upload's path for a bucket).
 */
export async function uploadAudio(client: Client, data: Buffer, type = 'audio/wav'): Promise<string> {
  const { status, body } = await client.json('POST', '/api/objects/upload', { kind: 'audio' })
  expect(status, JSON.stringify(body)).toBe(200)
  const url = body.fields ? (body.objectPath as string) : (body.uploadURL as string)
  if (body.fields) postForms.set(url, { uploadURL: body.uploadURL, fields: body.fields })
  const res = await put(url, data, type)
  expect(res.status, await res.clone().text()).toBe(200)
  return url
}

/** Waits until the track has left `processing`; answers it as the team API shows it. */
export async function settledTrack(client: Client, releaseId: string, trackId: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const { body } = await client.json('GET', `/api/admin/releases/${releaseId}`)
    const track = (body.tracks as { id: string; status: string }[]).find((t) => t.id === trackId)
    if (track && track.status !== 'processing') return track as Record<string, any>
    if (Date.now() > until) throw new Error(`Track ${trackId} still processing after ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 300))
  }
}
