import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { RunningPostgres } from '../../scripts/lib/embeddedPostgres'

/** The database every migrated test database is copied from (`CREATE DATABASE … TEMPLATE`). */
export const MIGRATED_TEMPLATE = 'migrated_template'

/**
 * Makes the run's template database: the committed migrations applied once, with no owner and no
 * demo content. A test server's database is a copy of it, so each server's start skips the
 * migrations and still runs the owner's creation and the seed itself. Nobody connects to the
 * template afterwards (PostgreSQL copies only a database no one is connected to).
 */
export async function makeMigratedTemplate(pg: RunningPostgres): Promise<void> {
  await pg.createDatabase(MIGRATED_TEMPLATE)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-template-'))
  const root = path.resolve(import.meta.dirname, '../..')
  let output = ''
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/prepare.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: undefined,
        OWNER_EMAIL: undefined,
        OWNER_PASSWORD: undefined,
        DATABASE_URL: pg.url(MIGRATED_TEMPLATE),
        PAYLOAD_SECRET: 'test-secret-test-secret-test-secret-0123',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
      } as unknown as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout!.on('data', (chunk) => (output += chunk))
    child.stderr!.on('data', (chunk) => (output += chunk))
    child.once('exit', resolve)
  })
  fs.rmSync(dataDir, { recursive: true, force: true })
  if (code !== 0) throw new Error(`Migrating the template database failed:\n${output}`)
}
