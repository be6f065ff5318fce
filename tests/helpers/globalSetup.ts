import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

import { startEmbeddedPostgres } from '../../scripts/lib/embeddedPostgres'

import { makeMigratedTemplate } from './migratedTemplate'

/** Command lines of running processes that mention `text` (Linux /proc). */
function processesMentioning(text: string): string[] {
  const found: string[] = []
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')
      if (cmd.includes(text) && Number(pid) !== process.pid) found.push(`${pid}: ${cmd}`)
    } catch {
      // The process ended while we looked.
    }
  }
  return found
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the suite's PostgreSQL cluster, with {db} in place of the database name. */
    pgUrlTemplate: string
  }
}

/**
 * One throwaway PostgreSQL cluster for the whole run; every test file makes its own database in
 * it, empty or copied from the migrated template made here once.
 */
export default async function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-test-pg-'))
  fs.chmodSync(root, 0o755)
  const pg = await startEmbeddedPostgres(path.join(root, 'data'), { throwaway: true })
  await makeMigratedTemplate(pg)
  project.provide('pgUrlTemplate', pg.url('{db}'))
  return async () => {
    await pg.stop()
    fs.rmSync(root, { recursive: true, force: true })
    const leftovers = processesMentioning(root)
    if (leftovers.length > 0) throw new Error(`The test run left processes behind:\n${leftovers.join('\n')}`)
  }
}
