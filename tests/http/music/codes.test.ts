import { createHash } from 'node:crypto'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import type { Client } from '../../helpers/http'
import { createRelease } from '../../helpers/music'
import { recipients } from '../../helpers/smtp'

/**
 * Download codes on the production server: the team makes batches of single-use codes for a
 * release, lists them with how many were redeemed and exports them as CSV; a fan redeems a code
 * once at /api/redeem and is mailed the download link (over real SMTP).
 */

const site = useAdminSite({ viewer: true })
let db: pg.Pool
let n = 0

beforeAll(async () => {
  db = new pg.Pool({ connectionString: site.server.databaseUrl, max: 2 })
})
afterAll(() => db?.end())

const PRINTED = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}(-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}){2}$/

async function makeBatch(releaseId: string, count: number, label = `Cards ${++n}`) {
  const made = await site.owner.json('POST', `/api/admin/releases/${releaseId}/codes`, { count, label })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return made.body as { id: string; label: string; count: number; used: number; createdAt: string }
}

/** The batch's CSV as rows of [code, used_at], without its header. */
async function csvRows(releaseId: string, batchId: string) {
  const res = await site.owner.get(`/api/admin/releases/${releaseId}/codes/${batchId}.csv`)
  expect(res.status).toBe(200)
  const lines = (await res.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
  expect(lines[0]).toBe('code,used_at')
  return lines.slice(1).map((l) => l.split(','))
}

const redeem = (client: Client, code: string, email: string) => client.json('POST', '/api/redeem', { code, email })

describe('making codes', () => {
  it('refuses a count outside 1 to 10,000 and a missing or over-long label', async () => {
    const release = await createRelease(site.owner)
    const path = `/api/admin/releases/${release.id}/codes`
    for (const count of [0, 10_001, 2.5, 'many']) {
      const res = await site.owner.json('POST', path, { count, label: 'Cards' })
      expect(res.status, JSON.stringify(count)).toBe(400)
      expect(res.body.errors.count).toBe('Count must be a whole number from 1 to 10,000')
    }
    expect((await site.owner.json('POST', path, { count: 5, label: '' })).body.errors.label).toBe('Label is required')
    expect((await site.owner.json('POST', path, { count: 5, label: 'x'.repeat(101) })).status).toBe(400)
    const unknown = await site.owner.json('POST', `/api/admin/releases/${crypto.randomUUID()}/codes`, {
      count: 5,
      label: 'Cards',
    })
    expect(unknown.status).toBe(404)
  })

  it('makes 10,000 distinct 12-character codes from the unambiguous alphabet, listed and exported as CSV', async () => {
    const release = await createRelease(site.owner, { title: 'Glass Harbor' })
    const started = Date.now()
    const batch = await makeBatch(release.id, 10_000, 'Tour cards')
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(batch).toMatchObject({ label: 'Tour cards', count: 10_000, used: 0 })
    const res = await site.owner.get(`/api/admin/releases/${release.id}/codes/${batch.id}.csv`)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="glass-harbor-codes-tour-cards-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    const rows = await csvRows(release.id, batch.id)
    expect(rows).toHaveLength(10_000)
    expect(rows.every(([code, usedAt]) => PRINTED.test(code!) && usedAt === '')).toBe(true)
    expect(new Set(rows.map(([code]) => code)).size).toBe(10_000)
    // The viewer reads the list and the CSV; another release's address does not reach the batch.
    expect((await site.viewer.json('GET', `/api/admin/releases/${release.id}/codes`)).body).toEqual([batch])
    const other = await createRelease(site.owner)
    expect((await site.owner.get(`/api/admin/releases/${other.id}/codes/${batch.id}.csv`)).status).toBe(404)
  })

  it('viewers cannot make codes (403), visitors neither list nor make them (401)', async () => {
    const release = await createRelease(site.owner)
    const path = `/api/admin/releases/${release.id}/codes`
    expect((await site.viewer.json('POST', path, { count: 1, label: 'Cards' })).status).toBe(403)
    expect((await site.fresh().json('POST', path, { count: 1, label: 'Cards' })).status).toBe(401)
    expect((await site.fresh().json('GET', path)).status).toBe(401)
    expect((await site.manager.json('POST', path, { count: 1, label: 'Cards' })).status).toBe(201)
  })
})

describe('redeeming a code', () => {
  it('once: the fan is mailed a download link, the batch counts it used, a second use is 410', async () => {
    const release = await createRelease(site.owner, { releaseDate: '2024-01-05' })
    const batch = await makeBatch(release.id, 3)
    const [code] = (await csvRows(release.id, batch.id))[0]!
    // Typed in lower case, with spaces and without dashes.
    const typed = ` ${code!.replace(/-/g, '').toLowerCase().slice(0, 6)} ${code!.replace(/-/g, '').toLowerCase().slice(6)} `
    const first = await redeem(site.fresh(), typed, 'Fan.One@Example.com')
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.message).toBe('We have emailed you a download link.')
    const mail = await site.mailbox.waitFor((m) => recipients(m).includes('fan.one@example.com'))
    const token = /\/downloads\/([\w-]+)/.exec(mail.text ?? '')![1]!
    // The address now holds the release through that code, and the mailed link is a live one of its own.
    const grants = await db.query(
      `SELECT g.release_id, c.code FROM download_grants g JOIN download_codes c ON c.id::text = g.code_id
       WHERE g.email = 'fan.one@example.com'`,
    )
    expect(grants.rows).toEqual([{ release_id: release.id, code: code!.replace(/-/g, '') }])
    const link = await db.query('SELECT email FROM download_links WHERE token_sha256 = $1 AND expires_at > now()', [
      createHash('sha256').update(token).digest('hex'),
    ])
    expect(link.rows).toEqual([{ email: 'fan.one@example.com' }])

    const again = await redeem(site.fresh(), code!, 'someone.else@example.com')
    expect(again.status).toBe(410)
    expect(again.body.message).toBe('This code has already been used')
    const listed = await site.owner.json('GET', `/api/admin/releases/${release.id}/codes`)
    expect(listed.body[0]).toMatchObject({ id: batch.id, count: 3, used: 1 })
    const rows = await csvRows(release.id, batch.id)
    expect(rows.find(([c]) => c === code)![1]).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('a code not out yet is redeemed too: the fan is told the link comes on the release day', async () => {
    const release = await createRelease(site.owner, { releaseDate: '2031-04-02', title: 'Far Lights' })
    const batch = await makeBatch(release.id, 1)
    const [code] = (await csvRows(release.id, batch.id))[0]!
    const res = await redeem(site.fresh(), code!, 'early.fan@example.com')
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('We will email you a download link when it comes out on 2031-04-02.')
    const mail = await site.mailbox.waitFor((m) => recipients(m).includes('early.fan@example.com'))
    expect(mail.text).toContain('It comes out on April 2, 2031')
  })
})

describe('refusing codes, and the form without script', () => {
  it('an unknown code is 404; the 11th wrong code from one address in 10 minutes is 429, even a right one', async () => {
    const release = await createRelease(site.owner)
    const [code] = (await csvRows(release.id, (await makeBatch(release.id, 1)).id))[0]!
    const guesser = site.fresh()
    for (let i = 0; i < 10; i++) {
      const res = await redeem(guesser, i % 2 ? 'ABCD-EFGH-JKMN' : 'not a code', 'guess@example.com')
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('This code is not valid')
    }
    const limited = await redeem(guesser, code!, 'guess@example.com')
    expect(limited.status).toBe(429)
    expect(limited.body.message).toBe('Too many wrong download codes. Please wait 10 minutes and try again.')
    // Another address is not held back, and used codes never counted as guesses.
    expect((await redeem(site.fresh(), code!, 'fan@example.com')).status).toBe(200)
    const careful = site.fresh()
    for (let i = 0; i < 12; i++) expect((await redeem(careful, code!, 'fan@example.com')).status).toBe(410)
  })

  it('two redeems of one code at once: one 200, one 410', async () => {
    const release = await createRelease(site.owner)
    const [code] = (await csvRows(release.id, (await makeBatch(release.id, 1)).id))[0]!
    const answers = await Promise.all([
      redeem(site.fresh(), code!, 'first@example.com'),
      redeem(site.fresh(), code!, 'second@example.com'),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410])
  })

  it('the /redeem form posted without script lands on the confirmation, or back on the form with the error', async () => {
    const release = await createRelease(site.owner, { releaseDate: '2024-02-02' })
    const [code] = (await csvRows(release.id, (await makeBatch(release.id, 1)).id))[0]!
    const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' }
    const post = (fields: Record<string, string>) =>
      site.fresh().post('/api/redeem', new URLSearchParams(fields).toString(), FORM)
    const done = await post({ code: code!, email: 'form.fan@example.com' })
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe('/redeem/sent')
    const used = await post({ code: code!, email: 'form.fan@example.com' })
    expect(used.headers.get('location')).toBe(`/redeem?error=used&code=${code}`)
    const page = await site.fresh().get(used.headers.get('location')!)
    const html = await page.text()
    expect(html).toContain('This code has already been used')
    expect(html).toContain(`value="${code}"`)
    expect((await post({ code: code!, email: 'nope' })).headers.get('location')).toBe(
      `/redeem?error=email&code=${code}`,
    )
  })
})

describe("a fan's redeemed codes as personal data", () => {
  it('are found under their address, and an erasure forgets the address while the code stays used', async () => {
    const release = await createRelease(site.owner, { title: 'Quiet Rooms', releaseDate: '2024-06-01' })
    const [code] = (await csvRows(release.id, (await makeBatch(release.id, 1)).id))[0]!
    expect((await redeem(site.fresh(), code!, 'private.fan@example.com')).status).toBe(200)
    const found = await site.owner.json('GET', '/api/admin/privacy?email=private.fan%40example.com')
    expect(found.body.redeemedCodes).toEqual([{ release: 'Quiet Rooms', redeemedAt: expect.any(String) }])
    const erased = await site.owner.json('POST', '/api/admin/privacy/erase', { email: 'private.fan@example.com' })
    expect(erased.status).toBe(200)
    expect(erased.body.redeemedCodes).toBe(1)
    const after = await site.owner.json('GET', '/api/admin/privacy?email=private.fan%40example.com')
    expect(after.body.redeemedCodes).toEqual([])
    expect((await redeem(site.fresh(), code!, 'private.fan@example.com')).status).toBe(410)
  })
})
