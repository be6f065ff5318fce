import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { payloadBeforeMigration } from '../../helpers/payload'

/**
 * Shows' derived fields, whichever way a show is written: the start time from the free text and
 * the time zone, the slug, the change counter; and the migration that fills them in for shows
 * that existed before.
 */

let payload: Payload

beforeAll(async () => {
  // Every migration but the shows' one, then a show as it was stored before it, then the rest.
  const before = await payloadBeforeMigration('show_times_states_slugs')
  payload = before.payload
  const { db, sql } = before
  for (const [title, time] of [
    ['Old Show', '7:00 PM'],
    ['Old Show', 'TBA'],
  ])
    await db.execute(sql`
      INSERT INTO "shows" ("title", "venue", "date", "time", "is_active", "updated_at", "created_at")
      VALUES (${title}, 'The Venue', '2026-12-07T12:00:00Z', ${time}, true, now(), now())`)
  await before.rest()
})

const create = (data: Record<string, unknown>) =>
  payload.create({
    collection: 'shows',
    data: { venue: 'Doug Fir Lounge', date: '2026-12-07T12:00:00.000Z', ...data } as never,
    overrideAccess: true,
  })
const update = (id: string, data: Record<string, unknown>) =>
  payload.update({ collection: 'shows', id, data: data as never, overrideAccess: true })

describe('show start times, slugs and changes', () => {
  it("fills in the shows that existed before the migration; they follow the band's time zone", async () => {
    // Both rows may share a millisecond; like the migration, the id breaks the tie.
    const { docs } = await payload.find({ collection: 'shows', sort: ['createdAt', 'id'], overrideAccess: true })
    expect(docs.map((d) => [d.slug, d.status, d.timeZone, d.startsAt ?? null, d.sequence])).toEqual([
      ['old-show-2026-12-07', 'scheduled', null, '2026-12-07T19:00:00.000Z', 0],
      ['old-show-2026-12-07-2', 'scheduled', null, null, 0],
    ])
  })

  it('reads 7:00 PM in Portland as 7 PM Pacific time, winter and summer', async () => {
    const winter = await create({ title: 'Winter', time: '7:00 PM', timeZone: 'America/Los_Angeles' })
    expect(winter.startsAt).toBe('2026-12-08T03:00:00.000Z')
    const summer = await create({
      title: 'Summer',
      date: '2026-07-07T12:00:00.000Z',
      time: 'Doors 7pm / Show 8pm',
      timeZone: 'America/Los_Angeles',
    })
    expect(summer.startsAt).toBe('2026-07-08T03:00:00.000Z')
  })

  it("starts a show without a time zone in the band's (else SITE_TIME_ZONE's), also after the band's changes", async () => {
    const before = await create({ title: 'Fallback', time: '19:30' })
    expect(before).toMatchObject({ timeZone: null, effectiveTimeZone: 'UTC', startsAt: '2026-12-07T19:30:00.000Z' })
    const own = await create({ title: 'Own Zone', time: '19:30', timeZone: 'America/Los_Angeles' })
    await payload.updateGlobal({
      slug: 'band-profile',
      data: { name: 'The Band', timeZone: 'Europe/Berlin' },
      overrideAccess: true,
    })
    const moved = await payload.findByID({ collection: 'shows', id: before.id, overrideAccess: true })
    expect(moved).toMatchObject({
      timeZone: null,
      effectiveTimeZone: 'Europe/Berlin',
      startsAt: '2026-12-07T18:30:00.000Z',
      sequence: 1,
    })
    const kept = await payload.findByID({ collection: 'shows', id: own.id, overrideAccess: true })
    expect(kept).toMatchObject({
      effectiveTimeZone: 'America/Los_Angeles',
      startsAt: '2026-12-08T03:30:00.000Z',
      sequence: 0,
    })
    const after = await create({ title: 'Berlin', time: '19:30' })
    expect(after).toMatchObject({
      timeZone: null,
      effectiveTimeZone: 'Europe/Berlin',
      startsAt: '2026-12-07T18:30:00.000Z',
    })
  })

  it('makes a unique slug once and keeps it; every change raises the sequence', async () => {
    const first = await create({ title: 'Släpp & Dance!', time: '8pm' })
    const second = await create({ title: 'Släpp & Dance!', time: '9pm' })
    expect(first.slug).toBe('slapp-and-dance-2026-12-07')
    expect(second.slug).toBe('slapp-and-dance-2026-12-07-2')
    expect(first.sequence).toBe(0)
    const renamed = await update(first.id, { title: 'Renamed', time: '9:30 PM' })
    expect(renamed.slug).toBe('slapp-and-dance-2026-12-07')
    expect(renamed.sequence).toBe(1)
    // It follows the band's time zone (Berlin since the test above).
    expect(renamed.startsAt).toBe('2026-12-07T20:30:00.000Z')
    const again = await update(first.id, { slug: 'hijacked', status: 'soldOut' })
    expect(again.slug).toBe('slapp-and-dance-2026-12-07')
    expect(again.sequence).toBe(2)
  })

  it('keeps the former day of a show rescheduled to another day', async () => {
    const show = await create({ title: 'Moving', time: '7:00 PM' })
    const moved = await update(show.id, { status: 'rescheduled', date: '2027-01-15T12:00:00.000Z' })
    expect(moved.previousDate).toBe('2026-12-07T12:00:00.000Z')
    expect(moved.slug).toBe(show.slug)
  })

  it('refuses a show moved online without its stream URL, and an unknown time zone', async () => {
    await expect(create({ title: 'Online', status: 'movedOnline' })).rejects.toThrow(/Stream URL/)
    await expect(create({ title: 'Nowhere', timeZone: 'Mars/Olympus' })).rejects.toThrow(/Time zone/)
  })
})

describe('content files', () => {
  it('carry the new fields (version 3), and a version 2 file without them leaves them as they are', async () => {
    const [{ exportContent }, { importContent }] = await Promise.all([
      import('@/modules/content/server/export'),
      import('@/modules/content/server/import'),
    ])
    const file = await exportContent(payload)
    expect(file.version).toBe(3)
    const moving = file.shows.find((s) => s.title === 'Moving')!
    expect(moving).toMatchObject({
      status: 'rescheduled',
      previousDate: '2026-12-07T12:00:00.000Z',
      slug: expect.any(String),
    })
    const older = {
      ...file,
      version: 2 as const,
      shows: file.shows.map(({ timeZone: _t, status: _s, previousDate: _p, streamUrl: _u, slug: _g, ...rest }) => rest),
    }
    const result = await importContent(payload, older)
    expect(result.problems ?? []).toEqual([])
    const stored = await payload.find({
      collection: 'shows',
      where: { title: { equals: 'Moving' } },
      overrideAccess: true,
    })
    expect(stored.docs[0]).toMatchObject({ status: 'rescheduled', slug: moving.slug, timeZone: moving.timeZone })
  })
})
