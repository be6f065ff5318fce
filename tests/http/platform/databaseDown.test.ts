import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startEmbeddedPostgres, type RunningPostgres } from '../../../scripts/lib/embeddedPostgres'
import { freePort } from '../../../scripts/lib/freePort'
import { Client } from '../../helpers/http'
import { startServer, type TestServer } from '../../helpers/server'
import { OWNER, OWNER_ENV } from '../../helpers/site'

/** A PostgreSQL of its own (the suite's is shared with other files), stopped and started again. */
const PUBLIC_GETS = [
  '/api/band-profile',
  '/api/links',
  '/api/shows',
  '/api/products?featured=true',
  '/api/theme-settings',
]
const MESSAGE = 'The site cannot reach its database right now. Please try again in a minute.'

let root: string
let pgDir: string
let pgPort: number
let pg: RunningPostgres
let server: TestServer

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-dbdown-'))
  fs.chmodSync(root, 0o755)
  pgDir = path.join(root, 'data')
  pgPort = await freePort()
  pg = await startEmbeddedPostgres(pgDir, { throwaway: true, port: pgPort })
  await pg.createDatabase('bandsite')
  server = await startServer({
    DATABASE_URL: pg.url('bandsite'),
    ...OWNER_ENV,
  })
}, 180_000)

afterAll(async () => {
  await server?.discard()
  await pg?.stop()
  if (root) fs.rmSync(root, { recursive: true, force: true })
})

async function get(route: string) {
  const res = await fetch(server.url + route, { redirect: 'manual' })
  return { status: res.status, text: await res.text(), headers: res.headers }
}

describe('while PostgreSQL is stopped', () => {
  const before = new Map<string, string>()

  it('keeps / and the public GETs at 200 with the last content, and says 503 where the database is needed', async () => {
    const home = await get('/')
    expect(home.text).toContain('The Midnight Static')
    for (const route of PUBLIC_GETS) before.set(route, (await get(route)).text)

    await pg.stop()

    for (const route of ['/', '/landing', '/merch']) {
      const res = await get(route)
      expect(res.status, route).toBe(200)
      expect(res.text, route).toContain('The Midnight Static')
    }
    for (const route of PUBLIC_GETS) {
      const res = await get(route)
      expect(res.status, route).toBe(200)
      expect(res.text, route).toBe(before.get(route))
    }

    for (const route of ['/login', '/admin', '/checkout']) {
      const res = await get(route)
      expect(res.status, route).toBe(503)
      expect(res.text, route).toContain(MESSAGE)
      expect(res.headers.get('retry-after'), route).toBe('30')
    }

    const visitor = new Client(server.url)
    const signIn = await visitor.json('POST', '/api/auth/login', OWNER)
    expect(signIn.status).toBe(503)
    expect(signIn.body).toEqual({ message: MESSAGE })
    const order = await visitor.json('POST', '/api/orders', {
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      customerPhone: '5551234567',
      shippingAddress: { street: '1 Main Street', city: 'Portland', state: 'OR', zipCode: '97201', country: 'US' },
      items: [
        { productId: '00000000-0000-4000-8000-000000000000', productOptionId: null, quantity: 1, price: '25.00' },
      ],
    })
    expect(order.status).toBe(503)
    expect(order.body).toEqual({ message: MESSAGE })
    expect(JSON.stringify(order.body)).not.toMatch(/\bat .*\.(js|ts):\d+/)
  })

  // Starting PostgreSQL again can take a while on a busy machine.
  it('recovers by itself once PostgreSQL is back', { timeout: 120_000 }, async () => {
    pg = await startEmbeddedPostgres(pgDir, { throwaway: true, port: pgPort })
    const deadline = Date.now() + 60_000
    let status = 0
    while (Date.now() < deadline && status !== 200) {
      status = (await get('/login')).status
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500))
    }
    expect(status).toBe(200)
    const owner = new Client(server.url)
    expect((await owner.post('/api/auth/login', OWNER)).status).toBe(200)
    expect((await get('/')).status).toBe(200)
  })
})
