import { spawn, spawnSync } from 'node:child_process'

/** What a scanning tool reported, and as whom it was signed in. */
export type Finding = { tool: string; as: string; what: string }

/** Where a command is installed, or null. */
export function which(tool: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' })
  return found.status === 0 ? found.stdout.trim() : null
}

/** Runs a tool, printing nothing, and stops it when its time is up. */
export function run(command: string, args: string[], seconds: number): Promise<{ output: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      process.kill(-child.pid!, 'SIGTERM')
    }, seconds * 1000)
    child.on('close', () => {
      clearTimeout(timer)
      resolve({ output, timedOut })
    })
  })
}
