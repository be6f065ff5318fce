import { createHash } from 'node:crypto'

import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { grantReleases, revokeOrderGrants, sendDownloadLinkEmail } from '@/modules/music'
import { withTransaction } from '@/platform/db/transaction'
import { poolOf } from '@/platform/jobs/advisoryLock'
import { calendarDayIn } from '@/platform/time/calendarDay'

import { freshPayload } from '../../helpers/payload'

/**
 * Download grants, as an order or a code gives them: once per (source, release), a fresh link per
 * call covering what the address may download now, none for a release not out yet, revoked by a
 * refund, and the link's email queued only with the transaction that gives it.
 */

let payload: Payload
let n = 0

beforeAll(async () => {
  payload = await freshPayload()
})

const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await poolOf(payload).query(text, values)).rows as T[]

async function release(releaseDate = '2020-01-01') {
  const doc = await payload.create({
    collection: 'releases',
    data: {
      title: `Grant Test ${++n}`,
      type: 'album',
      releaseDate,
      isActive: true,
      pricingMode: 'fixed',
      priceCents: 999,
    },
    overrideAccess: true,
  })
  return String(doc.id)
}

async function order(email: string) {
  const doc = await payload.create({
    collection: 'orders',
    data: { customerEmail: email, subtotalAmount: 10, shippingAmount: 0, totalAmount: 10 } as never,
    overrideAccess: true,
  })
  return String(doc.id)
}

const tokenOf = (url: string) => {
  const match = /\/downloads\/([A-Za-z0-9_-]{43})$/.exec(url)
  expect(match, url).not.toBeNull()
  return match![1]!
}
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

describe('grantReleases', () => {
  it('gives each release once per source and answers a fresh link, stored only as its hash', async () => {
    const [a, b] = [await release(), await release()]
    const orderId = await order('Fan@Example.com')
    const first = await grantReleases(payload, { email: 'Fan@Example.com', releaseIds: [a, b], source: { orderId } })
    const again = await grantReleases(payload, { email: 'fan@example.com', releaseIds: [a, b, a], source: { orderId } })
    const grants = await sql<{ email: string; release_id: string }>(
      'SELECT email, release_id FROM download_grants WHERE order_id = $1 ORDER BY release_id',
      [orderId],
    )
    expect(grants).toEqual([a, b].sort().map((id) => ({ email: 'fan@example.com', release_id: id })))

    const [one, two] = [tokenOf(first.downloadUrl!), tokenOf(again.downloadUrl!)]
    expect(one).not.toBe(two)
    const links = await sql<{ email: string; token_sha256: string; days: number }>(
      `SELECT email, token_sha256, round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days
       FROM download_links WHERE token_sha256 = ANY($1)`,
      [[hashOf(one), hashOf(two)]],
    )
    expect(links).toHaveLength(2)
    expect(links.every((l) => l.email === 'fan@example.com' && l.days === 30)).toBe(true)
    expect(await sql('SELECT 1 FROM download_links WHERE token_sha256 = $1', [one])).toEqual([])

    // A code for the same release is a source of its own.
    await grantReleases(payload, { email: 'fan@example.com', releaseIds: [a], source: { codeId: 'code-1' } })
    expect(await sql('SELECT 1 FROM download_grants WHERE email = $1', ['fan@example.com'])).toHaveLength(3)
  })

  it('answers no link for a release not out yet in the band’s time zone, and waits for its day', async () => {
    const later = await release('2999-12-31')
    const got = await grantReleases(payload, {
      email: 'early@example.com',
      releaseIds: [later],
      source: { codeId: 'c2' },
    })
    // Named as a pre-order with its day and no tracks to give now.
    expect(got).toEqual({
      downloadUrl: null,
      preOrders: [{ title: expect.any(String), availableOn: '2999-12-31', instantTracks: [] }],
    })
    expect(await sql('SELECT available_on::text AS day FROM download_grants WHERE code_id = $1', ['c2'])).toEqual([
      { day: '2999-12-31' },
    ])
    const today = await release(calendarDayIn('UTC'))
    const both = await grantReleases(payload, {
      email: 'early@example.com',
      releaseIds: [today],
      source: { codeId: 'c3' },
    })
    expect(both.downloadUrl).toMatch(/\/downloads\//)
  })

  it('moves the grants waiting for a release with its date; given and mailed ones stay as they are', async () => {
    const id = await release('2999-12-31')
    await grantReleases(payload, { email: 'moved@example.com', releaseIds: [id], source: { codeId: 'm1' } })
    await grantReleases(payload, { email: 'mailed@example.com', releaseIds: [id], source: { codeId: 'm2' } })
    await sql(`UPDATE download_grants SET release_day_mailed_at = now() WHERE code_id = 'm2'`)
    const days = () =>
      sql<{ code: string; day: string | null }>(
        `SELECT code_id AS code, available_on::text AS day FROM download_grants WHERE release_id = $1 ORDER BY code_id`,
        [id],
      )

    await payload.update({ collection: 'releases', id, data: { releaseDate: '2998-06-01' }, overrideAccess: true })
    expect(await days()).toEqual([
      { code: 'm1', day: '2998-06-01' },
      { code: 'm2', day: '2999-12-31' },
    ])
    // Brought forward to a day already past: due now, for the release-day job's next round.
    await payload.update({ collection: 'releases', id, data: { releaseDate: '2020-02-02' }, overrideAccess: true })
    expect((await days())[0]).toEqual({ code: 'm1', day: '2020-02-02' })
    // Another change leaves the date alone.
    await payload.update({ collection: 'releases', id, data: { title: 'Renamed' }, overrideAccess: true })
    expect((await days())[0]).toEqual({ code: 'm1', day: '2020-02-02' })
  })

  it('refuses an unknown release and gives nothing', async () => {
    const a = await release()
    const missing = '00000000-0000-4000-8000-000000000000'
    for (const ids of [[a, missing], ['not-an-id']])
      await expect(
        grantReleases(payload, { email: 'x@example.com', releaseIds: ids, source: { codeId: 'c4' } }),
      ).rejects.toMatchObject({ kind: 'notFound', message: 'Release not found' })
    expect(await sql('SELECT 1 FROM download_grants WHERE code_id = $1', ['c4'])).toEqual([])
  })
})

describe('grants in a transaction, and refunds', () => {
  it('gives and mails inside the caller’s transaction: a rollback leaves no grant, link or email', async () => {
    const a = await release()
    await expect(
      withTransaction(payload, async (tx) => {
        const { downloadUrl } = await grantReleases(payload, {
          email: 'rolled@example.com',
          releaseIds: [a],
          source: { codeId: 'c5' },
          req: tx.req,
        })
        await sendDownloadLinkEmail(payload, 'rolled@example.com', downloadUrl!, tx.req)
        throw new Error('payment failed')
      }),
    ).rejects.toThrow('payment failed')
    expect(await sql('SELECT 1 FROM download_grants WHERE code_id = $1', ['c5'])).toEqual([])
    expect(await sql('SELECT 1 FROM download_links WHERE email = $1', ['rolled@example.com'])).toEqual([])

    await withTransaction(payload, async (tx) => {
      const { downloadUrl } = await grantReleases(payload, {
        email: 'kept@example.com',
        releaseIds: [a],
        source: { codeId: 'c6' },
        req: tx.req,
      })
      await sendDownloadLinkEmail(payload, 'kept@example.com', downloadUrl!, tx.req)
    })
    const mails = await sql<{ input: { to: string; subject: string; text: string } }>(
      `SELECT input FROM payload_jobs WHERE task_slug = 'sendEmail' AND input->>'to' = $1`,
      ['kept@example.com'],
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]!.input.subject).toBe('Your download')
    expect(mails[0]!.input.text).toMatch(/\/downloads\/[A-Za-z0-9_-]{43}\n/)
    expect(mails[0]!.input.text).toContain('30 days and 10 downloads of each release')
  })

  it('revokes a refunded order’s grants only', async () => {
    const a = await release()
    const [refunded, kept] = [await order('r@example.com'), await order('r@example.com')]
    await grantReleases(payload, { email: 'r@example.com', releaseIds: [a], source: { orderId: refunded } })
    await grantReleases(payload, { email: 'r@example.com', releaseIds: [a], source: { orderId: kept } })
    await revokeOrderGrants(payload, refunded)
    const rows = await sql<{ order_id: string; revoked: boolean }>(
      'SELECT order_id, revoked_at IS NOT NULL AS revoked FROM download_grants WHERE email = $1',
      ['r@example.com'],
    )
    expect(rows.sort((x, y) => (x.revoked ? 1 : 0) - (y.revoked ? 1 : 0))).toEqual([
      { order_id: kept, revoked: false },
      { order_id: refunded, revoked: true },
    ])
  })
})
