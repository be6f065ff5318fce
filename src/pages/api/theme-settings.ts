import { publicApiGet } from '@/server/http/publicApi'
import { getPublicTheme } from '@/server/publicData'

/** The public theme, from the cached public reads (theme writes invalidate it). */
export default publicApiGet(() => getPublicTheme())
