import fs from 'node:fs'
import path from 'node:path'

/** The programs the server makes and checks audio with; both come with the ffmpeg package. */
const TOOLS = ['ffmpeg', 'ffprobe'] as const
const RECHECK_MS = 60_000

let checked: { at: number; missing: string[] } | null = null

const onPath = (program: string) =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    if (!dir) return false
    try {
      fs.accessSync(path.join(dir, program), fs.constants.X_OK)
      return true
    } catch {
      return false
    }
  })

/**
 * The audio programs missing from the server's PATH (none when audio can be processed), looked up
 * again at most once a minute, so installing ffmpeg shows without a restart.
 */
export function missingAudioTools(): string[] {
  if (!checked || Date.now() - checked.at > RECHECK_MS)
    checked = { at: Date.now(), missing: TOOLS.filter((tool) => !onPath(tool)) }
  return checked.missing
}
