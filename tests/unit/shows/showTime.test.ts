import { describe, expect, it } from 'vitest'

import { showSchema, showUpdateSchema } from '@/modules/shows/contract/show'
import { googleCalendarUrl, showPreviousStartDate, showStartDate } from '@/modules/shows/contract/showEvent'
import { showSlugBase } from '@/modules/shows/contract/showSlug'
import { localIsoWithOffset, parseShowTime, showStartsAt } from '@/platform/time/showTime'

describe('reading a show time from free text', () => {
  it.each([
    ['7:00 PM', 19, 0],
    ['19:30', 19, 30],
    ['Doors 7pm / Show 8pm', 20, 0],
    ['doors at 6:30 PM, show 8:15 p.m.', 20, 15],
    ['8pm', 20, 0],
    ['12 AM', 0, 0],
    ['noon', 12, 0],
    ['Doors 7:00 PM', 19, 0],
  ])('%s → %i:%i', (text, hour, minute) => {
    expect(parseShowTime(text)).toEqual({ hour, minute })
  })

  it.each(['', 'TBA', 'evening', 'Doors 7', '25:00', '7:75 PM'])('%j is not a time', (text) => {
    expect(parseShowTime(text)).toBeNull()
  })
})

describe('a show start in its time zone', () => {
  it('7:00 PM on 7 December in Portland is 19:00-08:00, and in July 19:00-07:00', () => {
    const winter = showStartsAt('2026-12-07T12:00:00.000Z', '7:00 PM', 'America/Los_Angeles')!
    expect(winter).toBe('2026-12-08T03:00:00.000Z')
    expect(localIsoWithOffset(winter, 'America/Los_Angeles')).toBe('2026-12-07T19:00:00-08:00')
    const summer = showStartsAt('2026-07-07T12:00:00.000Z', '7:00 PM', 'America/Los_Angeles')!
    expect(localIsoWithOffset(summer, 'America/Los_Angeles')).toBe('2026-07-07T19:00:00-07:00')
    expect(localIsoWithOffset(summer, 'UTC')).toBe('2026-07-08T02:00:00+00:00')
  })

  it('falls back to the day when the time cannot be read, and keeps the time for a previous date', () => {
    const show = { date: '2026-12-07T12:00:00.000Z', startsAt: null, effectiveTimeZone: 'America/Los_Angeles' }
    expect(showStartDate(show)).toBe('2026-12-07')
    expect(
      showPreviousStartDate({
        previousDate: '2026-11-02T12:00:00.000Z',
        time: '8pm',
        effectiveTimeZone: 'America/Los_Angeles',
      }),
    ).toBe('2026-11-02T20:00:00-08:00')
  })

  it('builds a Google Calendar link in UTC', () => {
    const url = new URL(
      googleCalendarUrl(
        {
          id: '1',
          slug: 'a-2026-12-07',
          title: 'A',
          venue: 'V',
          city: 'Portland',
          state: 'OR',
          date: '2026-12-07T12:00:00.000Z',
          startsAt: '2026-12-08T03:00:00.000Z',
          timeZone: null,
          effectiveTimeZone: 'America/Los_Angeles',
          description: null,
        } as never,
        { siteUrl: 'https://band.example', bandName: 'Band' },
      ),
    )
    expect(url.searchParams.get('dates')).toBe('20261208T030000Z/20261208T060000Z')
    expect(url.searchParams.get('location')).toBe('V, Portland, OR')
  })
})

describe('show slugs and fields', () => {
  it('makes a slug from the title and the day', () => {
    expect(showSlugBase('Live at The Showbox!', '2026-12-07T12:00:00.000Z')).toBe('live-at-the-showbox-2026-12-07')
    expect(showSlugBase('Café & Bar', '2026-01-02T12:00:00.000Z')).toBe('cafe-and-bar-2026-01-02')
    expect(showSlugBase('!!!', '2026-01-02T12:00:00.000Z')).toBe('show-2026-01-02')
  })

  it('names the bad fields', () => {
    const result = showSchema.safeParse({ title: 'T', venue: 'V', date: '2026-01-01', timeZone: 'Nope', status: 'x' })
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((i) => i.path[0]).sort()).toEqual(['status', 'timeZone'])
    const online = showSchema.safeParse({ title: 'T', venue: 'V', date: '2026-01-01', status: 'movedOnline' })
    expect(online.error!.issues.map((i) => i.path[0])).toEqual(['streamUrl'])
    expect(showUpdateSchema.parse({ status: 'soldOut' })).toEqual({ status: 'soldOut' })
  })
})
