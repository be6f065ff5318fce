import ICAL from 'ical.js'

/** What the shows tests (shows.test.ts) read pages and feeds with, and the shows they start from. */

export type ShowAnswer = Record<string, any> & { id: string; slug: string }

export const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, any>,
  )

export const events = (html: string) => jsonLd(html).filter((d) => d['@type'] === 'MusicEvent')

export function calendar(text: string) {
  const component = new ICAL.Component(ICAL.parse(text))
  return component.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent)
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      startZone: event.startDate.zone?.tzid,
      sequence: event.sequence,
      status: vevent.getFirstPropertyValue('status'),
      location: event.location,
      url: vevent.getFirstPropertyValue('url'),
    }
  })
}

/** Each state's label on the cards, its schema.org event status and its calendar STATUS. */
export const STATES = {
  soldOut: { label: 'Sold Out', eventStatus: 'EventScheduled', ics: 'CONFIRMED' },
  cancelled: { label: 'Cancelled', eventStatus: 'EventCancelled', ics: 'CANCELLED' },
  postponed: { label: 'Postponed', eventStatus: 'EventPostponed', ics: 'TENTATIVE' },
  rescheduled: { label: 'Rescheduled', eventStatus: 'EventRescheduled', ics: 'CONFIRMED' },
  movedOnline: { label: 'Moved Online', eventStatus: 'EventMovedOnline', ics: 'CONFIRMED' },
} as const

/** A winter and a summer show in Portland, and one show in each state (into `states`), all in YEAR. */
export async function addShows(
  addShow: (data: Record<string, unknown>) => Promise<ShowAnswer>,
  states: Record<string, ShowAnswer>,
  YEAR: number,
): Promise<{ winter: ShowAnswer; summer: ShowAnswer }> {
  const winter = await addShow({
    title: 'Winter Static',
    date: `${YEAR}-12-07`,
    ticketUrl: 'https://tickets.example/w',
  })
  const summer = await addShow({ title: 'Summer Static', date: `${YEAR}-07-07`, time: 'Doors 6pm / Show 7:00 PM' })
  states.soldOut = await addShow({
    title: 'Sold Out Night',
    date: `${YEAR}-08-01`,
    status: 'soldOut',
    ticketUrl: 'https://tickets.example/sold',
  })
  states.cancelled = await addShow({ title: 'Cancelled Night', date: `${YEAR}-08-02`, status: 'cancelled' })
  states.postponed = await addShow({ title: 'Postponed Night', date: `${YEAR}-08-03`, status: 'postponed' })
  states.rescheduled = await addShow({
    title: 'Rescheduled Night',
    date: `${YEAR}-08-10`,
    status: 'rescheduled',
    previousDate: `${YEAR}-08-04`,
  })
  states.movedOnline = await addShow({
    title: 'Online Night',
    date: `${YEAR}-08-05`,
    status: 'movedOnline',
    streamUrl: 'https://stream.example/live',
  })
  return { winter, summer }
}
