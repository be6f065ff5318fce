import { publicApiGet } from '@/platform/http/publicApi'
import { getBandProfile } from '@/modules/site/server/publicData'

/** The band profile, from the cached public reads (writes to the profile invalidate it). */
export default publicApiGet(() => getBandProfile())
