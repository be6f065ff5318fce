import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** The folders this process made for its tests (on globalThis: it outlives any module reset). */
const key = Symbol.for('bandsite.tests.tempDirs')
const state = ((globalThis as Record<symbol, { dirs?: Set<string> }>)[key] ??= {})

/**
 * A new folder in the OS temp folder, named `prefix` and a random ending, removed with its content
 * when this process ends: on exit, and on the SIGTERM with which vitest ends its workers.
 */
export function tempDirUntilExit(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  if (!state.dirs) {
    const dirs = (state.dirs = new Set())
    process.once('exit', () => {
      for (const made of dirs) fs.rmSync(made, { recursive: true, force: true })
    })
    // Exiting runs every exit handler, this one and those of the servers a worker ends.
    process.once('SIGTERM', () => process.exit(143))
  }
  state.dirs.add(dir)
  return dir
}
