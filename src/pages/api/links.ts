import { publicApiGet } from '@/server/http/publicApi'
import { getActiveLinks } from '@/server/publicData'

/** Active links, from the cached public reads (writes to links invalidate them). */
export default publicApiGet(() => getActiveLinks())
