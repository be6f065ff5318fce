import { spawn } from 'node:child_process'

/** How long one ffmpeg run may take before it is stopped. */
export const FFMPEG_TIMEOUT_MS = 20 * 60_000

/** A short reason for a failed run: the last line ffmpeg wrote, or how the run ended. */
const lastLine = (text: string) => text.trim().split('\n').pop()?.trim().slice(0, 200) ?? ''

/**
 * Runs ffmpeg with `args` (an argument array, never a shell), within `timeoutMs`; stopping
 * `signal` kills it. Rejects with a short reason when it fails, is missing or runs out of time.
 */
export function runFfmpeg(args: string[], signal?: AbortSignal, timeoutMs = FFMPEG_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-nostdin', '-hide_banner', '-v', 'error', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      signal,
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    })
    let stderr = ''
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000)
    })
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') reject(new Error('ffmpeg is not installed on the server'))
      else if (error.name === 'AbortError') reject(error)
      else reject(new Error(`ffmpeg could not run: ${error.message}`))
    })
    child.on('close', (code, killedBy) => {
      if (signal?.aborted) return
      if (code === 0) resolve()
      else if (killedBy) reject(new Error('ffmpeg took too long and was stopped'))
      else reject(new Error(lastLine(stderr) || `ffmpeg failed (exit code ${code})`))
    })
  })
}
