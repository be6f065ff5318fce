import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { probeAudio } from '@/modules/music/server/probeAudio'
import { isDomainError } from '@/platform/errors'

/** Masters are checked with the machine's real ffprobe, on audio made by ffmpeg's sine source. */

let dir: string
const file = (name: string) => path.join(dir, name)

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-audio-'))
  for (const name of ['tone.flac', 'tone.wav', 'tone.aiff'])
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', file(name)])
  fs.writeFileSync(file('notes.txt'), 'not a song at all\n'.repeat(100))
  fs.writeFileSync(file("it's $(rm -rf) ; a.flac"), fs.readFileSync(file('tone.flac')))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(isDomainError(error), String(error)).toBe(true)
  return error as { kind: string; message: string }
}

describe('probing a master', () => {
  it.each(['tone.flac', 'tone.wav', 'tone.aiff'])('reads the duration of %s', async (name) => {
    expect(await probeAudio(file(name))).toEqual({ durationSeconds: 3 })
  })

  it('takes any file name as one argument, never through a shell', async () => {
    expect(await probeAudio(file("it's $(rm -rf) ; a.flac"))).toEqual({ durationSeconds: 3 })
  })

  it('refuses a file that is not audio as unsupported (415)', async () => {
    const error = await refusal(probeAudio(file('notes.txt')))
    expect(error).toMatchObject({
      kind: 'unsupported',
      message: 'This file is not audio: upload a WAV, AIFF or FLAC master',
    })
    expect((await refusal(probeAudio(file('missing.flac')))).kind).toBe('unsupported')
  })

  it('says to install ffmpeg when ffprobe is missing (503)', async () => {
    const saved = process.env.PATH
    process.env.PATH = dir
    try {
      const error = await refusal(probeAudio(file('tone.flac')))
      expect(error).toMatchObject({
        kind: 'unavailable',
        message: 'Audio files cannot be checked: install ffmpeg (ffprobe) on the server',
      })
    } finally {
      process.env.PATH = saved
    }
  })
})
