import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

import { expect } from '@playwright/test'

import type { Client } from '../helpers/http'
import { createRelease } from '../helpers/music'

export { createRelease }

/** The name-your-price pricing of the music specs' releases: at least $5.00, $8.00 suggested. */
export const NAME_YOUR_PRICE = { mode: 'nameYourPrice', minimum: '5.00', suggested: '8.00' }

const run = promisify(execFile)

/** A WAV master of a tone, `seconds` long, made with the machine's ffmpeg. */
async function sineWav(seconds: number): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-f', 'wav', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  )
  return stdout
}

/**
 * Uploads a tone `seconds` long as the release's next track, titled `title` and streamed as
 * `streaming` says ('preview' or 'full'), and waits until it is processed.
 */
export async function addTrack(owner: Client, releaseId: string, title: string, seconds: number, streaming: string) {
  const upload = await owner.json('POST', '/api/objects/upload', { kind: 'audio' })
  expect(upload.status, JSON.stringify(upload.body)).toBe(200)
  const put = await fetch(upload.body.uploadURL, {
    method: 'PUT',
    body: new Uint8Array(await sineWav(seconds)),
    headers: { 'Content-Type': 'audio/wav' },
  })
  expect(put.status).toBe(200)
  const added = await owner.json('POST', `/api/admin/releases/${releaseId}/tracks`, {
    title,
    audioURL: upload.body.uploadURL,
    streaming,
  })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  await expect
    .poll(
      async () => {
        const { body } = await owner.json('GET', `/api/admin/releases/${releaseId}`)
        return (body.tracks as { id: string; status: string }[]).find((t) => t.id === added.body.id)?.status
      },
      { timeout: 60_000 },
    )
    .toBe('ready')
}
