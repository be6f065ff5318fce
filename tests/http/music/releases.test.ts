import { beforeAll, describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { createRelease } from '../../helpers/music'

/**
 * Releases for sale: the team creates, lists, reads, changes and deletes them (owners and managers
 * write, viewers read); the public API shows only active releases and only their public fields.
 */

const site = useAdminSite({ viewer: true })

beforeAll(async () => {})

const fixed = (price: string | number) => ({ mode: 'fixed', price })

const create = (data: Record<string, unknown> = {}) => createRelease(site.owner, data)

describe('the team API', () => {
  it('creates a release with its slug and pricing, and reads it back', async () => {
    const made = await create({ title: 'Neon Harbour', description: 'Ten songs', credits: 'Mixed by A. B.' })
    expect(made).toMatchObject({
      title: 'Neon Harbour',
      slug: 'neon-harbour',
      type: 'album',
      releaseDate: '2027-03-14',
      description: 'Ten songs',
      credits: 'Mixed by A. B.',
      isActive: true,
      pricing: { mode: 'fixed', price: '9.99' },
    })
    const again = await create({ title: 'Neon Harbour' })
    expect(again.slug).toBe('neon-harbour-2')

    const got = await site.viewer.json('GET', `/api/admin/releases/${made.id}`)
    expect(got.status).toBe(200)
    expect(got.body).toMatchObject({ id: made.id, slug: 'neon-harbour', pricing: { mode: 'fixed', price: '9.99' } })
    const list = await site.viewer.json('GET', '/api/admin/releases')
    expect(list.status).toBe(200)
    expect((list.body as { id: string }[]).map((r) => r.id)).toEqual(expect.arrayContaining([made.id, again.id]))
  })

  it('keeps name-your-price amounts exactly, a minimum of 0.00 included', async () => {
    const free = await create({ type: 'single', pricing: { mode: 'nameYourPrice', minimum: '0', suggested: 5 } })
    expect(free.pricing).toEqual({ mode: 'nameYourPrice', minimum: '0.00', suggested: '5.00' })
    const plain = await create({ type: 'EP', pricing: { mode: 'nameYourPrice', minimum: '0.10' } })
    expect(plain.pricing).toEqual({ mode: 'nameYourPrice', minimum: '0.10', suggested: null })
  })

  it('updates the fields sent, keeps the slug, switches pricing and deletes', async () => {
    const made = await create({ title: 'Old Name' })
    const changed = await site.manager.json('PUT', `/api/admin/releases/${made.id}`, {
      title: 'New Name',
      pricing: { mode: 'nameYourPrice', minimum: '3.00', suggested: '7.50' },
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body).toMatchObject({
      title: 'New Name',
      slug: made.slug,
      type: 'album',
      pricing: { mode: 'nameYourPrice', minimum: '3.00', suggested: '7.50' },
    })
    const back = await site.owner.json('PUT', `/api/admin/releases/${made.id}`, { pricing: fixed('12') })
    expect(back.body.pricing).toEqual({ mode: 'fixed', price: '12.00' })

    expect((await site.manager.json('DELETE', `/api/admin/releases/${made.id}`)).status).toBe(200)
    const gone = await site.owner.json('GET', `/api/admin/releases/${made.id}`)
    expect(gone.status).toBe(404)
    expect(gone.body.message).toBe('Release not found')
  })
})

describe('the team API refuses', () => {
  it('lets viewers read but not write, and refuses anonymous visitors', async () => {
    const made = await create()
    const body = { title: 'X', type: 'single', releaseDate: '2027-01-01', pricing: fixed('1.00') }
    expect((await site.viewer.json('POST', '/api/admin/releases', body)).status).toBe(403)
    expect((await site.viewer.json('PUT', `/api/admin/releases/${made.id}`, { title: 'X' })).status).toBe(403)
    expect((await site.viewer.json('DELETE', `/api/admin/releases/${made.id}`)).status).toBe(403)
    const anonymous = site.fresh()
    expect((await anonymous.json('GET', '/api/admin/releases')).status).toBe(401)
    expect((await anonymous.json('GET', `/api/admin/releases/${made.id}`)).status).toBe(401)
    expect((await anonymous.json('POST', '/api/admin/releases', body)).status).toBe(401)
  })

  it.each([
    [{ title: '' }, 'Release title is required'],
    [{ type: 'LP' }, 'Choose album, EP or single'],
    [{ releaseDate: '2027-02-30' }, 'Release date is required (YYYY-MM-DD)'],
    [{ releaseDate: 'soon' }, 'Release date is required (YYYY-MM-DD)'],
    [{ pricing: fixed('-1') }, 'Price is required (e.g. 9.99)'],
    [{ pricing: fixed('1.999') }, 'Price is required (e.g. 9.99)'],
    [{ pricing: { mode: 'nameYourPrice' } }, 'Minimum is required (e.g. 0.00)'],
    [{ pricing: { mode: 'nameYourPrice', minimum: '5', suggested: '2' } }, 'cannot be below the minimum'],
    [{ pricing: { mode: 'free' } }, 'Pricing must be'],
    [{ pricing: undefined }, 'Pricing must be'],
  ])('refuses %j with 400', async (change, message) => {
    const res = await site.owner.json('POST', '/api/admin/releases', {
      title: 'Bad',
      type: 'single',
      releaseDate: '2027-01-01',
      pricing: fixed('1.00'),
      ...change,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(JSON.stringify(res.body)).toContain(message)
  })

  it('answers 404 for an unknown or malformed id, never a 500', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await site.owner.json('GET', `/api/admin/releases/${id}`)).status).toBe(404)
      expect((await site.owner.json('PUT', `/api/admin/releases/${id}`, { title: 'X' })).status).toBe(404)
      expect((await site.owner.json('DELETE', `/api/admin/releases/${id}`)).status).toBe(404)
    }
    const broken = await site.owner.request('POST', '/api/admin/releases', '{not json', {
      'content-type': 'application/json',
    })
    expect(broken.status).toBe(400)
  })
})

describe('the public API', () => {
  it('lists and shows active releases with public fields only; inactive ones are not found', async () => {
    const active = await create({ title: 'Out Now', credits: 'All songs by the band' })
    const hidden = await create({ title: 'Not Yet', isActive: false })
    const visitor = site.fresh()

    const list = await visitor.json('GET', '/api/releases')
    expect(list.status).toBe(200)
    const ids = (list.body as { id: string }[]).map((r) => r.id)
    expect(ids).toContain(active.id)
    expect(ids).not.toContain(hidden.id)

    const one = await visitor.json('GET', `/api/releases/${active.id}`)
    expect(one.status).toBe(200)
    expect(one.body).toEqual({
      id: active.id,
      slug: 'out-now',
      title: 'Out Now',
      type: 'album',
      releaseDate: '2027-03-14',
      artworkUrl: null,
      description: null,
      credits: 'All songs by the band',
      pricing: { mode: 'fixed', price: '9.99' },
      tracks: [],
    })

    const notFound = await visitor.json('GET', `/api/releases/${hidden.id}`)
    expect(notFound.status).toBe(404)
    expect(notFound.body.message).toBe('Release not found')
    expect((await visitor.json('GET', '/api/releases/nope')).status).toBe(404)
  })
})
