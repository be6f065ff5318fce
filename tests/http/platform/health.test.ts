// A server of its own: it stops and starts the database under it.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startEmbeddedPostgres, type RunningPostgres } from '../../../scripts/lib/embeddedPostgres'
import { freePort } from '../../../scripts/lib/freePort'
import { Db } from '../../helpers/checkout'
import { startServer, type TestServer } from '../../helpers/server'

/** GET /api/health for load balancers, against a PostgreSQL this test can stop and start. */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-health-'))
fs.chmodSync(root, 0o755)
const dataDir = path.join(root, 'data')
let port: number
let pg: RunningPostgres | undefined
let server: TestServer
let db: Db

const health = async () => {
  const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(10_000) })
  return { status: res.status, body: await res.json(), cacheControl: res.headers.get('cache-control') }
}

/**
 * Polls as a load balancer does while the database comes back: a connection that fails (the
 * server closing an idle keep-alive socket as the poll reuses it, on a loaded machine) counts
 * as "not yet", and the poll tries again.
 */
async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return true
}

beforeAll(async () => {
  port = await freePort()
  pg = await startEmbeddedPostgres(dataDir, { throwaway: true, port })
  await pg.createDatabase('bandsite')
  server = await startServer({ DATABASE_URL: pg.url('bandsite') })
  db = new Db(pg.url('bandsite'))
})

afterAll(async () => {
  await db?.end().catch(() => {})
  await server?.discard()
  await pg?.stop()
  fs.rmSync(root, { recursive: true, force: true })
})

describe('GET /api/health', () => {
  it('answers 200 {"status":"ok"} without sign-in, and is never cached', async () => {
    expect(await health()).toEqual({ status: 200, body: { status: 'ok' }, cacheControl: 'private, no-store' })
  })

  it('answers 503 naming the database while PostgreSQL is stopped, then 200 again once it is back', async () => {
    await db.end()
    await pg!.stop()
    pg = undefined
    const down = await health()
    expect(down.status).toBe(503)
    expect(down.body).toEqual({ status: 'unavailable', failed: 'database' })

    pg = await startEmbeddedPostgres(dataDir, { throwaway: true, port })
    db = new Db(pg.url('bandsite'))
    expect(await until(async () => (await health()).status === 200, 20_000)).toBe(true)
    expect((await health()).body).toEqual({ status: 'ok' })
    // The server itself kept running through the outage.
    expect(server.output()).not.toMatch(/exited|Unhandled 'error' event/)
  }, 60_000)

  it('answers 503 naming the migrations when a committed migration is not applied', async () => {
    const [last] = await db.query(`SELECT * FROM payload_migrations ORDER BY name DESC LIMIT 1`)
    await db.query(`DELETE FROM payload_migrations WHERE id = $1`, [last.id])
    try {
      expect(await health()).toMatchObject({ status: 503, body: { status: 'unavailable', failed: 'migrations' } })
    } finally {
      await db.query(
        `INSERT INTO payload_migrations (id, name, batch, updated_at, created_at) VALUES ($1, $2, $3, $4, $5)`,
        [last.id, last.name, last.batch, last.updated_at, last.created_at],
      )
    }
    expect((await health()).status).toBe(200)
  })
})
