import { PUBLIC_CACHE_CONTROL } from '@/platform/http/caching'
import { siteUrl } from '@/platform/runtime/env'
import { getBandProfile, getPublicShows } from '@/modules/site/server/publicData'
import { showsCalendar } from '@/modules/shows/server/showCalendar'

/** GET /shows/{slug}/event.ics: one show alone, the same event as in /shows.ics (an "add to calendar" file). */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params
  const [profile, shows] = await Promise.all([getBandProfile(), getPublicShows()])
  const show = shows.find((s) => s.slug === slug)
  if (!show)
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': PUBLIC_CACHE_CONTROL },
    })
  const bandName = profile?.name || 'Band Name'
  const body = showsCalendar([show], { siteUrl: siteUrl(), bandName, name: `${bandName}: ${show.title}` })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${show.slug}.ics"`,
      'Cache-Control': PUBLIC_CACHE_CONTROL,
    },
  })
}
