import fs from 'node:fs'

/** The ids of this machine's processes whose environment holds `entry` ("NAME=value"). */
export function processesWithEnv(entry: string): number[] {
  const found: number[] = []
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    let environ: string
    try {
      environ = fs.readFileSync(`/proc/${name}/environ`, 'latin1')
    } catch {
      continue // ended meanwhile, or not ours to read
    }
    if (environ.split('\0').includes(entry)) found.push(Number(name))
  }
  return found
}
