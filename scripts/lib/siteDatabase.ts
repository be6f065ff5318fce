import fs from 'node:fs'
import path from 'node:path'

import { dataDir } from '../../src/platform/runtime/paths'

import { startEmbeddedPostgres } from './embeddedPostgres'

export type SiteDatabase = {
  url: string
  /** Stops the embedded cluster when this process started it. */
  stop: () => Promise<void>
}

/**
 * The site's database as the scripts find it: DATABASE_URL; else the embedded PostgreSQL of the
 * running `npm start` (its address is in DATA_DIR/postgres.url, written by scripts/launch.ts);
 * else the embedded cluster under DATA_DIR, started here for the script's run.
 */
export async function siteDatabase(): Promise<SiteDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} }
  const urlFile = path.join(dataDir(), 'postgres.url')
  if (fs.existsSync(urlFile)) return { url: fs.readFileSync(urlFile, 'utf8').trim(), stop: async () => {} }
  const postgres = await startEmbeddedPostgres(path.join(dataDir(), 'postgres'))
  await postgres.createDatabase('bandsite')
  return { url: postgres.url('bandsite'), stop: () => postgres.stop() }
}
