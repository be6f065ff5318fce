import crypto from 'node:crypto'

import sharp from 'sharp'
import { expect } from 'vitest'

import { startProductionServer } from '../../scripts/lib/productionServer'

import { orderBody } from './checkout'
import { createTestDatabase } from './db'
import { Client } from './http'
import { TEST_SECRET } from './server'
import { tempDirUntilExit } from './tempDirs'
import { OWNER, OWNER_ENV, signIn } from './site'
import { uploadImage } from './uploads'

/** A production server on a database and data directory of the test's choosing, and its owner signed in. */
export type BackupSite = {
  url: string
  env: { DATABASE_URL: string; DATA_DIR: string; PAYLOAD_SECRET: string } & Record<string, string>
  owner: Client
  /** Stops the site gracefully, as its operator does before reusing its database or files. */
  stop: () => Promise<void>
  /** Ends the site at once, for the test's cleanup. */
  discard: () => Promise<void>
}

let address = 0

/** A new, empty database and data directory, with the storage settings `storage` (S3 or none). */
export async function emptySiteEnv(storage: Record<string, string> = {}): Promise<BackupSite['env']> {
  return {
    DATABASE_URL: await createTestDatabase('backup'),
    DATA_DIR: tempDirUntilExit('bandsite-backup-'),
    PAYLOAD_SECRET: TEST_SECRET,
    ...storage,
  }
}

/** Starts the site of `env` (seeding the demo content and the owner on a new database) and signs the owner in. */
export async function startSite(env: BackupSite['env']): Promise<BackupSite> {
  const server = await startProductionServer({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    secret: env.PAYLOAD_SECRET,
    env: { ...OWNER_ENV, ...env, TRUST_PROXY_HOPS: '1' },
  })
  const owner = await signIn(new Client(server.url, { forwardedFor: `198.18.7.${++address}` }), OWNER)
  return { url: server.url, env, owner, stop: server.stop, discard: server.discard }
}

async function created(client: Client, method: string, route: string, body: unknown) {
  const res = await client.json(method, route, body)
  expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBeLessThan(300)
  return res.body
}

/** A product with a size M in stock, as the dashboard makes one. */
export async function addProduct(owner: Client, fields: Record<string, unknown> = {}) {
  const product = await created(owner, 'POST', '/api/admin/products', {
    name: `Tour Tee ${crypto.randomUUID().slice(0, 6)}`,
    price: '25.00',
    inventory: 0,
    isActive: true,
    ...fields,
  })
  const option = await created(owner, 'POST', `/api/admin/products/${product.id}/options`, {
    name: 'Size',
    value: 'M',
    inventory: 500,
  })
  return { productId: product.id as string, optionId: option.id as string }
}

/** An order of two lines placed at checkout by a fan. */
export async function placeOrder(site: BackupSite, tee: { productId: string; optionId: string }, n: number) {
  const fan = new Client(site.url, { forwardedFor: `203.0.113.${(n % 250) + 1}` })
  return created(
    fan,
    'POST',
    '/api/orders',
    orderBody(
      [
        { productId: tee.productId, productOptionId: tee.optionId, quantity: 1, price: '25.00' },
        { productId: tee.productId, productOptionId: tee.optionId, quantity: 2, price: '25.00' },
      ],
      { customerEmail: `fan${n}@example.com`, customerName: `Fan ${n}` },
    ),
  )
}

/**
 * Everything a band's site holds: an uploaded product photo, orders, newsletter subscribers, a
 * merch table sale at a show, and a team member. Answers the photo's bytes and path, and the show.
 */
export async function populate(site: BackupSite) {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1a7' } })
    .png()
    .toBuffer()
  const uploaded = await uploadImage(site.owner, png, '/api/admin/products/image', 'image/png')
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200)
  const imagePath = uploaded.body.objectPath as string
  const tee = await addProduct(site.owner, { imageUrl: imagePath, isFeatured: true })
  for (let n = 0; n < 3; n++) await placeOrder(site, tee, n)
  for (const email of ['ana@example.com', 'ben@example.com']) {
    const fan = new Client(site.url, { forwardedFor: `203.0.113.${++address}` })
    expect((await fan.json('POST', '/api/newsletter/subscribe', { email })).status).toBeLessThan(300)
  }
  const show = await created(site.owner, 'POST', '/api/admin/shows', {
    title: 'Backup Night',
    venue: 'The Basement',
    date: new Date().toISOString().slice(0, 10),
    timeZone: 'America/Chicago',
  })
  const till = await created(site.owner, 'POST', `/api/admin/shows/${show.id}/tills`, {})
  await created(new Client(site.url, { forwardedFor: '203.0.113.251' }), 'POST', `/api/till/${till.token}/sales`, {
    id: crypto.randomUUID(),
    at: new Date().toISOString(),
    items: [{ productId: tee.productId, productOptionId: tee.optionId, quantity: 2, unitPrice: '25.00' }],
    payment: 'cash',
  })
  await created(site.owner, 'POST', '/api/admin/users/invite', { email: 'crew@example.com', role: 'viewer' })
  return { png, imagePath, showId: show.id as string }
}

/** What a team member downloads or sees, compared between the original site and its restore. */
export async function siteViews(site: BackupSite, showId: string, imagePath: string) {
  const text = async (route: string) => {
    const res = await site.owner.request('GET', route)
    expect(res.status, route).toBe(200)
    return res.text()
  }
  const image = await fetch(`${site.url}${imagePath}`)
  expect(image.status).toBe(200)
  return {
    orders: await text('/api/admin/orders/export'),
    subscribers: await text('/api/admin/subscribers/export'),
    settlement: await text(`/api/admin/shows/${showId}/settlement`),
    users: await text('/api/admin/users'),
    image: Buffer.from(await image.arrayBuffer()),
  }
}
