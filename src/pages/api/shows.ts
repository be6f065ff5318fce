import { publicApiGet } from '@/platform/http/publicApi'
import { getUpcomingShows } from '@/modules/site/server/publicData'

/** Upcoming shows, from the cached public reads (writes invalidate them; the hourly revalidation drops past shows). */
export default publicApiGet(() => getUpcomingShows())
