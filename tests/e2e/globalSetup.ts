import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { startEmbeddedPostgres } from '../../scripts/lib/embeddedPostgres'

/** One throwaway PostgreSQL cluster for the run; every spec's server gets its own database in it. */
export default async function globalSetup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-e2e-pg-'))
  fs.chmodSync(root, 0o755)
  const pg = await startEmbeddedPostgres(path.join(root, 'data'), { throwaway: true })
  process.env.E2E_PG_URL_TEMPLATE = pg.url('{db}')
  return async () => {
    await pg.stop()
    fs.rmSync(root, { recursive: true, force: true })
  }
}
