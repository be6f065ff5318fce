import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** What this process does as it ends (on globalThis: it outlives any module reset). */
const key = Symbol.for('bandsite.tests.workerEnd')
const state = ((globalThis as Record<symbol, { ends?: (() => void)[] }>)[key] ??= {})

/**
 * Runs `end` when this process ends: on exit, and on the SIGTERM with which vitest ends its
 * workers (turned into an exit, so every `end` runs once).
 */
export function whenWorkerEnds(end: () => void): void {
  if (!state.ends) {
    const ends: (() => void)[] = (state.ends = [])
    process.once('exit', () => {
      for (const run of ends) run()
    })
    process.once('SIGTERM', () => process.exit(143))
  }
  state.ends.push(end)
}

/**
 * A new folder in the OS temp folder, named `prefix` and a random ending, removed with its content
 * when this process ends.
 */
export function tempDirUntilExit(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  whenWorkerEnds(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}
