import { publicApiGet } from '@/platform/http/publicApi'
import { getPublicTheme } from '@/modules/site/server/publicData'

/** The public theme, from the cached public reads (theme writes invalidate it). */
export default publicApiGet(() => getPublicTheme())
