import { publicGet } from '@/server/http'
import { getUpcomingShows } from '@/server/publicData'

// Served from Next's cache; writes to shows invalidate it, and the hourly revalidation drops past shows.
export const revalidate = 3600

export const GET = publicGet(async () => getUpcomingShows())
