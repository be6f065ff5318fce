import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { sql, type PostgresAdapter } from '@payloadcms/db-postgres'
import type { CollectionSlug, Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { settledTrack, sineWav, uploadAudio } from '../../helpers/audio'
import { Client } from '../../helpers/http'
import { ACTORS, ROUTES, type Actor, type Fixture } from '../../helpers/permissionMatrix'
import { payloadFor } from '../../helpers/payload'
import { startServer, type TestServer } from '../../helpers/server'
import { account, addMembers, OWNER_ENV, signIn } from '../../helpers/site'
import { uploadPng } from '../../helpers/uploads'

let server: TestServer
let payload: Payload
const clients = {} as Record<Actor, Client>
let n = 0

/** A record made directly in the database; answers its id. */
const make = async (collection: CollectionSlug, data: Record<string, unknown>) =>
  String((await payload.create({ collection, data: data as never, overrideAccess: true })).id)

/** An order of 15.00 from a new buyer. */
const order = (fields: Record<string, unknown> = {}) =>
  make('orders', {
    customerEmail: `buyer${++n}@example.com`,
    subtotalAmount: 10,
    shippingAmount: 5,
    totalAmount: 15,
    ...fields,
  })

/** A newsletter campaign in the given state. */
const campaign = (status: string, fields: Record<string, unknown> = {}) =>
  make('campaigns', { subject: `C${++n}`, body: 'Hello', status, firstAttempts: 0, firstFailures: 0, ...fields })

/** A grant of the release by a code and a link to it, in SQL as grantReleases writes them: "token,releaseId". */
async function downloadLink(releaseId: string) {
  const token = crypto.randomBytes(32).toString('base64url')
  const email = `fan${++n}@example.com`
  await (payload.db as unknown as PostgresAdapter).drizzle.execute(
    sql`WITH g AS (INSERT INTO download_grants (email, release_id, code_id) VALUES (${email}, ${releaseId}, ${`code-${n}`}))
        INSERT INTO download_links (token_sha256, email, expires_at)
        VALUES (${crypto.createHash('sha256').update(token).digest('hex')}, ${email}, now() + interval '30 days')`,
  )
  return `${token},${releaseId}`
}

/** Fresh records for a route to act on, made directly in the database. */
const fixtures: Record<Fixture, () => Promise<string>> = {
  link: () => make('links', { title: `L${++n}`, url: 'https://example.com' }),
  product: () => make('products', { name: `P${++n}`, price: 10 }),
  stockedProduct: () => make('products', { name: `P${++n}`, price: 10, inventory: 5, isActive: true }),
  discountCode: () => make('discount-codes', { code: `FIX${++n}`, kind: 'percent', value: 10 }),
  option: async () => make('product-options', { productId: await fixtures.product(), value: 'M', inventory: 1 }),
  show: () => make('shows', { title: `S${++n}`, venue: 'V', date: new Date().toISOString() }),
  release: () =>
    make('releases', {
      title: `R${++n}`,
      type: 'single',
      releaseDate: '2030-01-01',
      isActive: true,
      pricingMode: 'fixed',
      priceCents: 100,
    }),
  /** An active release free to download (fixed at 0.00). */
  freeRelease: () =>
    make('releases', {
      title: `R${++n}`,
      type: 'single',
      releaseDate: '2020-01-01',
      isActive: true,
      pricingMode: 'fixed',
      priceCents: 0,
    }),
  /** A release and a batch of its download codes, as the CSV's address: "releaseId,batchId.csv". */
  codeBatch: async () => {
    const releaseId = await fixtures.release()
    const made = await clients.owner.json('POST', `/api/admin/releases/${releaseId}/codes`, {
      count: 2,
      label: 'Fixture',
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    return `${releaseId},${made.body.id}.csv`
  },
  /** A release and an audio master uploaded for it: "releaseId,audioURL". */
  audioUpload: async () => `${await fixtures.release()},${await uploadAudio(clients.owner, await sineWav(1))}`,
  /** A release and a track of it whose processing failed: "releaseId,trackId". */
  track: async () => {
    const releaseId = await fixtures.release()
    const { rows } = await (payload.db as unknown as PostgresAdapter).drizzle.execute(
      sql`INSERT INTO tracks (release_id, title, position, master_key, status)
          VALUES (${releaseId}, ${`T${++n}`}, 1, ${`masters/${crypto.randomUUID()}`}, 'failed') RETURNING id`,
    )
    return `${releaseId},${String(rows[0]!.id)}`
  },
  /** A track of an active release, processed and streamed as a preview: "releaseId,trackId". */
  playableTrack: async () => {
    const [releaseId, audioURL] = (await fixtures.audioUpload()).split(',') as [string, string]
    const added = await clients.owner.json('POST', `/api/admin/releases/${releaseId}/tracks`, { title: 'P', audioURL })
    await settledTrack(clients.owner, releaseId, added.body.id)
    return `${releaseId},${added.body.id}`
  },
  /** A show and one of its till links: "showId,tillId". */
  till: async () => {
    const showId = await fixtures.show()
    const { rows } = await (payload.db as unknown as PostgresAdapter).drizzle.execute(
      sql`INSERT INTO tills (show_id, token_hash, expires_at) VALUES (${showId}, ${`fixture-${++n}`}, now() + interval '1 day') RETURNING id`,
    )
    return `${showId},${String(rows[0]!.id)}`
  },
  /**
   * A public show's slug (its page's address): a seeded one, which the server's cached reads already
   * know (a show written here, outside the server, would not drop its cache).
   */
  showSlug: async () =>
    String(
      (
        (
          await payload.find({
            collection: 'shows',
            where: { isActive: { equals: true } },
            sort: 'createdAt',
            limit: 1,
            overrideAccess: true,
          })
        ).docs[0] as { slug: string }
      ).slug,
    ),
  /** An active release's slug (its page's address), made through the team API so the server's cached reads drop. */
  releaseSlug: async () => {
    const { status, body } = await clients.owner.json('POST', '/api/admin/releases', {
      title: `Release ${++n}`,
      type: 'single',
      releaseDate: '2030-01-01',
      isActive: true,
      pricing: { mode: 'fixed', price: '1.00' },
    })
    expect(status, JSON.stringify(body)).toBe(201)
    return String(body.slug)
  },
  paidOrder: () => order({ status: 'paid' }),
  /** A paid order with its capture, as the test provider leaves it (numbered like its buyer). */
  capturedOrder: () => order({ status: 'paid', paymentProvider: 'test', paypalCaptureId: `TESTCAP-PERM-${n + 1}` }),
  /** An order that never took money. */
  pendingOrder: () => order({ status: 'pending' }),
  subscriber: () => make('subscribers', { email: `fan${++n}@example.com` }),
  campaign: () => campaign('draft'),
  scheduledCampaign: () => campaign('scheduled', { scheduledAt: new Date(Date.now() + 86_400_000).toISOString() }),
  pausedCampaign: () => campaign('paused', { scheduledAt: new Date(Date.now() + 86_400_000).toISOString() }),
  /** An email the queue gave up on. */
  failedEmail: () =>
    make('payload-jobs', {
      taskSlug: 'sendEmail',
      queue: 'failed-fixture',
      input: { to: `x${++n}@example.com`, subject: 's', text: 't', html: 'h' },
      hasError: true,
      totalTried: 19,
    }),
  /** A download link to a release given by a code, made as grantReleases makes one: its token. */
  downloadToken: async () => (await downloadLink(await fixtures.release())).split(',')[0]!,
  /** A link and a release with a ready track whose MP3 zip is built: "token,releaseId,mp3-320". */
  downloadZip: async () => {
    const [releaseId] = (await fixtures.playableTrack()).split(',') as [string]
    const link = await downloadLink(releaseId)
    for (let tries = 0; ; tries++) {
      const res = await clients.anonymous.get(`/api/downloads/${link.replace(/,/g, '/')}/mp3-320`, {
        Range: 'bytes=1-1',
      })
      await res.arrayBuffer()
      if (res.status === 206) return `${link},mp3-320`
      if (tries > 100) throw new Error(`The zip was not built: ${res.status}`)
      await new Promise((r) => setTimeout(r, 300))
    }
  },
  /** A link and a ready instant track of its release: "token,releaseId,trackId,mp3-320". */
  downloadTrack: async () => {
    const [releaseId, trackId] = (await fixtures.playableTrack()).split(',') as [string, string]
    await (payload.db as unknown as PostgresAdapter).drizzle.execute(
      sql`UPDATE tracks SET instant = true WHERE id = ${trackId}`,
    )
    const [token] = (await downloadLink(releaseId)).split(',')
    return `${token},${releaseId},${trackId},mp3-320`
  },
  /** An image uploaded the way the dashboard does it; answers the upload URL. */
  upload: () => uploadPng(clients.owner, 8, 8, '#884422'),
  user: () => make('users', { email: `member${++n}@example.com`, password: 'member-pw-1', role: 'viewer' }),
}

beforeAll(async () => {
  server = await startServer(OWNER_ENV)
  payload = await payloadFor(server.databaseUrl)
  await addMembers(payload, ['manager', 'viewer'])
  ACTORS.forEach((actor, i) => (clients[actor] = new Client(server.url, { forwardedFor: `198.18.0.${i + 1}` })))
  for (const role of ['owner', 'manager', 'viewer'] as const) await signIn(clients[role], account(role))
})
afterAll(() => server?.discard())

describe('every /api/admin route answers each role as the permission matrix says', () => {
  for (const c of ROUTES) {
    for (const actor of ACTORS) {
      const allowed = c.allowed.includes(actor)
      const expected = allowed ? '2xx' : actor === 'anonymous' ? '401' : '403'
      it(`${c.method} ${c.route} as ${actor} → ${expected}`, async () => {
        const id = c.fixture ? await fixtures[c.fixture]() : ''
        const ids = id.split(',')
        const url = c.route.replace(/\[\w+\]/g, () => ids.shift() ?? '') + (c.query ?? '')
        const res = await clients[actor].request(c.method, url, c.body?.(id))
        const text = await res.text()
        if (allowed) expect(res.status, text).toBeGreaterThanOrEqual(200)
        if (allowed) expect(res.status, text).toBeLessThan(300)
        else expect(res.status, text).toBe(actor === 'anonymous' ? 401 : 403)
      })
    }
  }
})

describe('the matrix table covers the API', () => {
  it('lists every method of every route file under src/app/api/admin', () => {
    const root = path.resolve(import.meta.dirname, '../../../src/app/api/admin')
    const found: string[] = []
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(full)
        else if (entry.name === 'route.ts') {
          const source = fs.readFileSync(full, 'utf8')
          const route = '/api/admin' + path.dirname(full).slice(root.length).split(path.sep).join('/')
          for (const m of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) found.push(`${m[1]} ${route}`)
        }
      }
    }
    walk(root)
    const covered = new Set(ROUTES.map((r) => `${r.method} ${r.route}`))
    expect(found.filter((r) => !covered.has(r))).toEqual([])
  })
})

describe("Payload's own admin at /cms", () => {
  it('serves its sign-in page', async () => {
    const res = await clients.anonymous.get('/cms/login')
    expect(res.status).toBe(200)
    const html = await res.text()
    const band = (await (await clients.anonymous.get('/api/band-profile')).json()) as { name?: string } | null
    expect(html).toContain(`<title>Login · ${band?.name ?? 'Band'} CMS</title>`)
    expect(html.includes('LoginForm')).toBe(true)
  })

  it('is open to owners and managers, not to viewers or visitors', async () => {
    const canAccess = async (actor: Actor) => (await clients[actor].json('GET', '/api/cms/access')).body.canAccessAdmin
    expect(await canAccess('owner')).toBe(true)
    expect(await canAccess('manager')).toBe(true)
    expect(await canAccess('viewer')).toBeFalsy()
    expect(await canAccess('anonymous')).toBeFalsy()
  })

  it('its REST API obeys the same rules: a viewer cannot write, a manager cannot change roles', async () => {
    expect((await clients.viewer.post('/api/cms/links', { title: 'x', url: 'https://example.com' })).status).toBe(403)
    expect((await clients.anonymous.get('/api/cms/subscribers')).status).toBe(403)
    const viewer = (await clients.owner.json('GET', '/api/cms/users?where[email][equals]=viewer@example.com')).body
      .docs[0]
    const res = await clients.manager.patch(`/api/cms/users/${viewer.id}`, { role: 'owner' })
    expect(res.status).toBe(403)
    const after = (await clients.owner.json('GET', `/api/cms/users/${viewer.id}`)).body
    expect(after.role).toBe('viewer')
  })
})
