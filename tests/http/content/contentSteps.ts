import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {
  closeSitePayloads,
  prepareInProcess,
  runContentInProcess,
  runScript,
  sitePayload,
  type SiteEnv,
} from '../../helpers/cli'
import { Db } from '../../helpers/checkout'
import { createTestDatabase } from '../../helpers/db'
import { TEST_SECRET } from '../../helpers/server'

/** The sites, files and commands of the content file tests (content.test.ts). */

export const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-content-'))
export const file = (name: string) => path.join(tmp, name)
export const readJson = (name: string) => JSON.parse(fs.readFileSync(file(name), 'utf8'))
export const writeJson = (name: string, value: unknown) => fs.writeFileSync(file(name), JSON.stringify(value, null, 2))

export type Site = { env: SiteEnv; db: Db; dataDir: string }
const sites: Site[] = []

/** A new site's database and data directory, seeded with the demo content or empty. */
export async function site({ seed }: { seed: boolean }): Promise<Site> {
  const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'))
  const env = {
    DATABASE_URL: await createTestDatabase('content'),
    DATA_DIR: dataDir,
    PAYLOAD_SECRET: TEST_SECRET,
    SEED_DEMO: seed ? 'true' : 'false',
  }
  await prepareInProcess(env)
  const s = { env, db: new Db(env.DATABASE_URL), dataDir }
  sites.push(s)
  return s
}

/** The content CLI's code run in this process, on one Payload per site. */
export const content = (s: Site, ...args: string[]) => runContentInProcess(args, s.env)
/** `npm run content` as a user runs it. */
export const cli = (s: Site, ...args: string[]) => runScript('content', args, s.env)

/** Every content row with its last change time, to prove an import wrote nothing. */
export async function snapshot(s: Site) {
  const rows = await s.db.query(`
    SELECT 'links' AS t, id::text, updated_at FROM links UNION ALL
    SELECT 'shows', id::text, updated_at FROM shows UNION ALL
    SELECT 'products', id::text, updated_at FROM products UNION ALL
    SELECT 'options', id::text, updated_at FROM product_options UNION ALL
    SELECT 'media', id::text, updated_at FROM media UNION ALL
    SELECT 'profile', id::text, updated_at FROM band_profile UNION ALL
    SELECT 'theme', id::text, updated_at FROM theme_settings ORDER BY 1, 2`)
  return rows.map((r) => `${r.t} ${r.id} ${new Date(r.updated_at).toISOString()}`)
}

export const withoutExportTime = ({ exportedAt: _t, ...rest }: Record<string, unknown>) => rest

/** Ends every site's connections and removes the files. */
export async function removeSites() {
  await closeSitePayloads()
  for (const s of sites) await s.db.end()
  fs.rmSync(tmp, { recursive: true, force: true })
}

/**
 * Content made as the team makes it: two links to one ticket shop, an early and a late show at one
 * venue on one day, one tee in two colours under one name, and options that repeat.
 */
export async function seedTwins(twins: Site) {
  const payload = await sitePayload(twins.env)
  const system = { overrideAccess: true, context: { skipRevalidate: true } } as const
  await payload.updateGlobal({ slug: 'band-profile', data: { name: 'The Twins' }, ...system })
  for (const [order, title] of ['Tickets', 'Tour'].entries())
    await payload.create({
      collection: 'links',
      data: { title, url: 'https://tickets.example/twins', order } as never,
      ...system,
    })
  for (const time of ['18:00', '22:00'])
    await payload.create({
      collection: 'shows',
      data: { title: `Twins ${time}`, venue: 'The Hall', date: '2027-05-01T12:00:00.000Z', time } as never,
      ...system,
    })
  for (const colour of ['Black', 'White']) {
    const tee = await payload.create({
      collection: 'products',
      data: { name: 'Twins Tee', description: colour, price: 25, inventory: 0 } as never,
      ...system,
    })
    for (const inventory of [3, 5])
      await payload.create({
        collection: 'product-options',
        data: { productId: tee.id, name: 'Size', value: 'M', inventory } as never,
        ...system,
      })
  }
}

/** A content file as written before stable keys (version 1), with this theme. */
export function versionOneFile(theme: unknown) {
  return {
    format: 'bandsite-content',
    version: 1,
    exportedAt: '2026-10-01T12:00:00.000Z',
    bandProfile: { name: 'The Old Format', genre: null, location: null, bio: null, profileImageUrl: null },
    theme,
    links: [{ title: 'Tickets', url: 'https://tickets.example/old', icon: null, isActive: true, order: 0 }],
    shows: [
      {
        title: 'Old show',
        venue: 'The Hall',
        date: '2027-06-01T12:00:00.000Z',
        time: null,
        ticketUrl: null,
        description: null,
        city: null,
        state: null,
        isActive: true,
      },
    ],
    products: [
      {
        name: 'Old Tee',
        description: null,
        price: '20.00',
        imageUrl: null,
        category: null,
        inventory: 0,
        isActive: true,
        isFeatured: false,
        options: [
          { name: 'Size', value: 'S', priceAdjustment: '0.00', inventory: 1, isActive: true },
          { name: 'Size', value: 'L', priceAdjustment: '1.00', inventory: 2, isActive: true },
        ],
      },
    ],
    media: [],
  }
}
