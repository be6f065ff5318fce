import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { runScript } from '../../helpers/cli'
import { processesWithEnv } from '../../helpers/processes'
import { startServer, TEST_SECRET, type TestServer } from '../../helpers/server'

import {
  cli,
  content,
  file,
  readJson,
  removeSites,
  seedTwins,
  site,
  snapshot,
  versionOneFile,
  withoutExportTime,
  writeJson,
  type Site,
} from './contentSteps'

/**
 * `npm run content -- export|import`: portable content files through Payload's Local API. Most
 * commands run the CLI's own code in this process, on one Payload per site (`content`); an export,
 * a refused import and the import into a running site spawn `npm run content` as a user runs it
 * (`cli`), for its exit codes and what it prints.
 */

let source: Site
let target: Site
let png: Buffer
let pngName: string

beforeAll(async () => {
  ;[source, target] = await Promise.all([site({ seed: true }), site({ seed: false })])
  // The seeded site also gets a product photo, so media bytes travel too.
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c03' } })
    .png()
    .toBuffer()
  pngName = `${crypto.createHash('sha256').update(png).digest('hex')}.png`
  const base = JSON.parse(fs.readFileSync('content/demo-content.json', 'utf8'))
  base.products[2].imageUrl = `/objects/media/${pngName}`
  base.bandProfile.profileImageUrl = `/objects/media/${pngName}`
  base.media = [{ filename: pngName, mimeType: 'image/png', alt: 'Red square', data: png.toString('base64') }]
  delete base.exportedAt
  base.shows = (await source.db.query('SELECT title, venue, date FROM shows ORDER BY date')).map((s) => ({
    ...base.shows.find((x: { title: string }) => x.title === s.title),
    date: new Date(s.date).toISOString(),
  }))
  writeJson('with-photo.json', base)
  const added = await content(source, 'import', file('with-photo.json'))
  expect(added.code, added.stderr).toBe(0)
  expect(added.stdout).toContain(`create media ${pngName}`)
  expect(added.stdout).toContain('update product Neon Lullabies Vinyl (imageUrl)')
}, 180_000)

afterAll(removeSites)

describe('export and import', () => {
  it('exports a seeded site, imports it into an empty one, and the second export equals the first', async () => {
    // One show's venue has a country (its merch table's sales are taxed there); it travels too.
    await source.db.query(`UPDATE shows SET country = 'US' WHERE id = (SELECT id FROM shows ORDER BY date LIMIT 1)`)
    const first = await cli(source, 'export', file('first.json'))
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toContain('Exported 7 links, 4 shows, 5 products, 1 media files')
    const exported = readJson('first.json')
    expect(
      exported.products
        .find((p: { name: string }) => p.name === 'Neon Lullabies Tour Tee')
        .options.map((o: { value: string }) => o.value),
    ).toEqual(['S', 'M', 'L', 'XL'])
    expect(exported.shows.map((s: { country: string | null }) => s.country).sort()).toEqual(['US', null, null, null])
    expect(exported.media[0]).toMatchObject({
      filename: pngName,
      mimeType: 'image/png',
      alt: 'Red square',
      data: png.toString('base64'),
    })
    // Orders, users and subscribers are not content.
    expect(Object.keys(exported).sort()).toEqual([
      'bandProfile',
      'exportedAt',
      'format',
      'links',
      'media',
      'products',
      'shows',
      'theme',
      'version',
    ])
    expect(JSON.stringify(exported)).not.toMatch(/"id"|createdAt|updatedAt|notificationEmail/)

    const imported = await content(target, 'import', file('first.json'))
    expect(imported.code, imported.stderr).toBe(0)
    expect(imported.stdout).toMatch(/Made \d+ changes/)
    // The photo's bytes arrived in the new site's own storage.
    expect(fs.readFileSync(path.join(target.dataDir, 'uploads', 'media', pngName)).equals(png)).toBe(true)

    const second = await content(target, 'export', file('second.json'))
    expect(second.code, second.stderr).toBe(0)
    expect(withoutExportTime(readJson('second.json'))).toEqual(withoutExportTime(exported))
  }, 120_000)

  it('importing the same file again changes nothing', async () => {
    const before = await snapshot(target)
    const again = await content(target, 'import', file('first.json'))
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toContain('Nothing to change: the site already has this content.')
    expect(await snapshot(target)).toEqual(before)
    expect(await target.db.query('SELECT count(*)::int AS n FROM media')).toEqual([{ n: 1 }])
  }, 60_000)
})

describe('export and import', () => {
  it('--dry-run lists the changes and writes nothing; --replace also removes what the file lacks', async () => {
    const edited = readJson('first.json')
    edited.bandProfile.name = 'The Noon Static'
    edited.links = edited.links.filter((l: { title: string }) => l.title !== 'TikTok')
    edited.products[0].options[3].inventory = 99
    writeJson('edited.json', edited)

    const before = await snapshot(target)
    const dry = await content(target, 'import', file('edited.json'), '--dry-run', '--replace')
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout).toContain('Would make 3 changes')
    expect(dry.stdout).toContain('update band profile (name)')
    expect(dry.stdout).toContain('update option Size: XL of Neon Lullabies Tour Tee (inventory)')
    expect(dry.stdout).toContain('delete link https://www.tiktok.com/')
    expect(dry.stdout).toContain('Dry run: nothing was written.')
    expect(await snapshot(target)).toEqual(before)

    // Without --replace the link the file lacks stays.
    const kept = await content(target, 'import', file('edited.json'))
    expect(kept.code, kept.stderr).toBe(0)
    expect(await target.db.query(`SELECT count(*)::int AS n FROM links WHERE title = 'TikTok'`)).toEqual([{ n: 1 }])
    const replaced = await content(target, 'import', file('edited.json'), '--replace')
    expect(replaced.stdout).toContain('delete link https://www.tiktok.com/')
    expect(await target.db.query(`SELECT count(*)::int AS n FROM links WHERE title = 'TikTok'`)).toEqual([{ n: 0 }])
    expect(await target.db.query(`SELECT name FROM band_profile`)).toEqual([{ name: 'The Noon Static' }])
  }, 90_000)

  it('a corrupted file writes nothing and names each problem with its path', async () => {
    const bad = readJson('first.json')
    bad.bandProfile.name = 'Renamed Before The Error'
    bad.products[1].price = 'cheap'
    bad.products[0].options[2].inventory = -3
    delete bad.links[4].url
    bad.shows[1].date = 'next friday'
    bad.products[3].name = bad.products[4].name
    writeJson('bad.json', bad)
    const before = await snapshot(target)
    const result = await cli(target, 'import', file('bad.json'))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('was not imported; nothing was written')
    for (const problem of [
      'products[1].price:',
      'products[0].options[2].inventory: cannot be below 0',
      'links[4].url:',
      'shows[1].date:',
    ]) {
      expect(result.stderr).toContain(problem)
    }
    expect(await snapshot(target)).toEqual(before)

    // A file whose schema is right but whose media bytes were altered is refused the same way.
    const tampered = readJson('first.json')
    tampered.bandProfile.name = 'Renamed Before The Error'
    tampered.links[2].key = tampered.links[1].key
    const bytes = Buffer.from(tampered.media[0].data, 'base64')
    bytes[bytes.length - 20] ^= 0xff
    tampered.media[0].data = bytes.toString('base64')
    writeJson('tampered.json', tampered)
    const refused = await content(target, 'import', file('tampered.json'))
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('links[2].key: duplicate key: the same as links[1]')
    expect(refused.stderr).toContain('media[0].data: does not match the filename (the bytes were changed)')
    expect(await snapshot(target)).toEqual(before)
  }, 60_000)
})

describe('records that share a natural key', () => {
  let twins: Site
  let copy: Site

  beforeAll(async () => {
    ;[twins, copy] = await Promise.all([site({ seed: false }), site({ seed: false })])
    await seedTwins(twins)
  }, 180_000)

  it('exports with a key per record, imports into an empty site, and exports again to an equal file', async () => {
    const first = await content(twins, 'export', file('twins.json'))
    expect(first.code, first.stderr).toBe(0)
    const exported = readJson('twins.json')
    expect(exported.version).toBe(3)
    expect(exported.links.map((l: { title: string }) => l.title)).toEqual(['Tickets', 'Tour'])
    expect(exported.shows.map((s: { time: string }) => s.time)).toEqual(['18:00', '22:00'])
    expect(exported.products.map((p: { description: string }) => p.description)).toEqual(['Black', 'White'])
    const keys = [
      ...exported.links,
      ...exported.shows,
      ...exported.products,
      ...exported.products.flatMap((p: { options: unknown[] }) => p.options),
    ].map((r: { key: string }) => r.key)
    expect(keys).toHaveLength(10)
    expect(new Set(keys).size).toBe(10)

    const imported = await content(copy, 'import', file('twins.json'))
    expect(imported.code, imported.stderr).toBe(0)
    expect(await copy.db.query(`SELECT count(*)::int AS n FROM product_options`)).toEqual([{ n: 4 }])
    const second = await content(copy, 'export', file('twins-again.json'))
    expect(second.code, second.stderr).toBe(0)
    expect(withoutExportTime(readJson('twins-again.json'))).toEqual(withoutExportTime(exported))
  }, 120_000)

  it('importing the file a second time changes nothing', async () => {
    const before = await snapshot(copy)
    const again = await content(copy, 'import', file('twins.json'), '--replace')
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toContain('Nothing to change: the site already has this content.')
    expect(await snapshot(copy)).toEqual(before)
  }, 60_000)

  it('a change to one of two look-alike records reaches that record only', async () => {
    const edited = readJson('twins.json')
    edited.shows[1].title = 'Twins late show'
    edited.products[1].options[0].inventory = 9
    writeJson('twins-edited.json', edited)
    const result = await content(copy, 'import', file('twins-edited.json'))
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('Made 2 changes')
    expect(await copy.db.query(`SELECT title, time FROM shows ORDER BY time`)).toEqual([
      { title: 'Twins 18:00', time: '18:00' },
      { title: 'Twins late show', time: '22:00' },
    ])
    expect(
      await copy.db.query(
        `SELECT p.description, o.inventory::int AS inventory FROM product_options o JOIN products p ON p.id = o.product_id_id
         WHERE o.key = $1`,
        [edited.products[1].options[0].key],
      ),
    ).toEqual([{ description: 'White', inventory: 9 }])
  }, 60_000)
})

describe('records that share a natural key', () => {
  it('a file from before stable keys (version 1, matched by natural keys) still imports', async () => {
    const older = await site({ seed: false })
    const v1 = versionOneFile(readJson('twins.json').theme)
    writeJson('v1.json', v1)
    const imported = await content(older, 'import', file('v1.json'))
    expect(imported.code, imported.stderr).toBe(0)
    expect(imported.stdout).toContain('create product Old Tee with 2 options')

    const before = await snapshot(older)
    const again = await content(older, 'import', file('v1.json'))
    expect(again.stdout).toContain('Nothing to change: the site already has this content.')
    expect(await snapshot(older)).toEqual(before)

    v1.products[0]!.options[1]!.inventory = 7
    writeJson('v1-edited.json', v1)
    const edited = await content(older, 'import', file('v1-edited.json'))
    expect(edited.stdout).toContain('update option Size: L of Old Tee (inventory)')

    const exported = await content(older, 'export', file('v1-exported.json'))
    expect(exported.code, exported.stderr).toBe(0)
    const now = readJson('v1-exported.json')
    expect(now.version).toBe(3)
    expect(now.links[0]).toMatchObject({ title: 'Tickets', url: 'https://tickets.example/old' })
    expect(now.links[0].key).toMatch(/^[0-9a-f-]{36}$/)
    expect(now.products[0].options.map((o: { inventory: number }) => o.inventory)).toEqual([1, 7])
  }, 120_000)
})

describe('import into a running site', () => {
  let server: TestServer
  afterAll(() => server?.discard())

  it('shows on the public page within 5 seconds', async () => {
    server = await startServer()
    const page = async () => await (await fetch(`${server.url}/`)).text()
    expect(await page()).toContain('The Midnight Static')
    expect(await page()).toContain('The Midnight Static') // now served from the cache

    const live = readJson('first.json')
    live.bandProfile.name = 'The Daylight Static'
    live.shows[1].title = 'Daylight Release Party'
    writeJson('live.json', live)
    const env = { DATABASE_URL: server.databaseUrl, DATA_DIR: server.dataDir, PAYLOAD_SECRET: TEST_SECRET }
    const result = await runScript('content', ['import', file('live.json'), '--site', server.url], env)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain(`The site at ${server.url} now shows the imported content.`)

    const deadline = Date.now() + 5000
    let html = await page()
    while (!html.includes('The Daylight Static') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      html = await page()
    }
    expect(html).toContain('The Daylight Static')
    expect(html).toContain('Daylight Release Party')
  }, 120_000)

  it('a run of the command writes nothing into the source tree and leaves no process behind', async () => {
    // Payload outside production starts a type generator (a whole second Node process that loads
    // the configuration) writing src/payload-types.ts each time its Local API opens, unless told not to.
    const typesFile = file('payload-types.ts')
    const env = {
      DATABASE_URL: server.databaseUrl,
      DATA_DIR: server.dataDir,
      PAYLOAD_SECRET: TEST_SECRET,
      PAYLOAD_TYPES_OUT: typesFile,
    }
    const result = await runScript('content', ['export', file('after-live.json')], env)
    expect(result.code, result.stderr).toBe(0)
    // Either a generator it started is still running, or it has written its file.
    expect(processesWithEnv(`PAYLOAD_TYPES_OUT=${typesFile}`)).toEqual([])
    expect(fs.existsSync(typesFile)).toBe(false)
  }, 60_000)

  it('the refresh route refuses a caller without the token', async () => {
    const res = await fetch(`${server.url}/api/revalidate`, {
      method: 'POST',
      headers: { authorization: 'Bearer nope' },
    })
    expect(res.status).toBe(401)
  })
})
