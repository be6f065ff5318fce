import { publicApiGet } from '@/platform/http/publicApi'
import { getActiveLinks } from '@/modules/site/server/publicData'

/** Active links, from the cached public reads (writes to links invalidate them). */
export default publicApiGet(() => getActiveLinks())
