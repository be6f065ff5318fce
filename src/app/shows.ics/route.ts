import { PUBLIC_CACHE_CONTROL } from '@/platform/http/caching'
import { siteUrl } from '@/platform/runtime/env'
import { getBandProfile, getPublicShows } from '@/modules/site/server/publicData'
import { showsCalendar } from '@/modules/shows/server/showCalendar'

// Rendered on first request, then cached until a change to the shows drops it (or hourly).
export const revalidate = 3600

/** GET /shows.ics: every public show as an RFC 5545 calendar fans can subscribe to (webcal:). */
export async function GET() {
  const [profile, shows] = await Promise.all([getBandProfile(), getPublicShows()])
  const bandName = profile?.name || 'Band Name'
  const body = showsCalendar(shows, { siteUrl: siteUrl(), bandName, name: `${bandName} shows` })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="shows.ics"',
      'Cache-Control': PUBLIC_CACHE_CONTROL,
    },
  })
}
