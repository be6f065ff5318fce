import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { startEmbeddedPostgres } from '../../scripts/lib/embeddedPostgres'
import { makeMigratedTemplate } from '../helpers/migratedTemplate'
import { startServer } from '../helpers/server'

export const OWNER = { email: 'owner@example.com', password: 'e2e-owner-password-1' }

/**
 * One throwaway PostgreSQL cluster and one production server on a fresh database (seeded with
 * the demo band on start). Workers read the server's address from E2E_BASE_URL.
 */
export default async function globalSetup() {
  // Next keeps its data cache in .next/cache/fetch-cache, shared by every server started from
  // this build: entries another server wrote from another database must not answer here.
  fs.rmSync(path.resolve(import.meta.dirname, '../../.next/cache/fetch-cache'), { recursive: true, force: true })
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-e2e-pg-'))
  fs.chmodSync(root, 0o755)
  const pg = await startEmbeddedPostgres(path.join(root, 'data'), { throwaway: true })
  process.env.TEST_PG_URL_TEMPLATE = pg.url('{db}')
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  try {
    await makeMigratedTemplate(pg)
    server = await startServer({ OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password })
  } catch (error) {
    await pg.stop()
    fs.rmSync(root, { recursive: true, force: true })
    throw error
  }
  process.env.E2E_BASE_URL = server.url
  process.env.E2E_DATABASE_URL = server.databaseUrl
  return async () => {
    await server.stop()
    await pg.stop()
    fs.rmSync(root, { recursive: true, force: true })
  }
}
