import { execFile } from 'node:child_process'

import { unavailable, unsupported } from '@/platform/errors'

/** What ffprobe tells of a file: its duration and the kinds of its streams. */
type ProbeOutput = { format?: { duration?: string }; streams?: { codec_type?: string }[] }

const NOT_AUDIO = 'This file is not audio: upload a WAV, AIFF or FLAC master'
const NO_FFPROBE = 'Audio files cannot be checked: install ffmpeg (ffprobe) on the server'
const PROBE_TIMEOUT_MS = 60_000

function runFfprobe(file: string): Promise<{ stdout: string } | { failed: true }> {
  return new Promise((resolve, reject) => {
    // No shell: the path is one argument, whatever characters it holds.
    execFile(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', '--', file],
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: 1024 * 1024 },
      (error, stdout) => {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') reject(unavailable(NO_FFPROBE))
        else if (error) resolve({ failed: true })
        else resolve({ stdout })
      },
    )
  })
}

/**
 * The duration of an audio file, in whole seconds (rounded), read by ffprobe. A file ffprobe
 * cannot read, or with no audio stream, or with video in it, is refused as not audio (415); a
 * machine without ffprobe answers that it must be installed (503).
 */
export async function probeAudio(file: string): Promise<{ durationSeconds: number }> {
  const result = await runFfprobe(file)
  if ('failed' in result) throw unsupported(NOT_AUDIO)
  let probe: ProbeOutput
  try {
    probe = JSON.parse(result.stdout) as ProbeOutput
  } catch {
    throw unsupported(NOT_AUDIO)
  }
  const kinds = (probe.streams ?? []).map((s) => s.codec_type)
  const duration = Number(probe.format?.duration)
  if (!kinds.includes('audio') || kinds.some((k) => k === 'video') || !Number.isFinite(duration) || duration <= 0)
    throw unsupported(NOT_AUDIO)
  return { durationSeconds: Math.round(duration) }
}
