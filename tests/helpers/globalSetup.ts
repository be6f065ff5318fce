import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

import { startEmbeddedPostgres } from '../../scripts/lib/embeddedPostgres'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the suite's PostgreSQL cluster, with {db} in place of the database name. */
    pgUrlTemplate: string
  }
}

/** One throwaway PostgreSQL cluster for the whole run; every test file makes its own database in it. */
export default async function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-test-pg-'))
  fs.chmodSync(root, 0o755)
  const pg = await startEmbeddedPostgres(path.join(root, 'data'), { throwaway: true })
  project.provide('pgUrlTemplate', pg.url('{db}'))
  return async () => {
    await pg.stop()
    fs.rmSync(root, { recursive: true, force: true })
  }
}
