import { publicApiGet } from '@/server/http/publicApi'
import { getUpcomingShows } from '@/server/publicData'

/** Upcoming shows, from the cached public reads (writes invalidate them; the hourly revalidation drops past shows). */
export default publicApiGet(() => getUpcomingShows())
