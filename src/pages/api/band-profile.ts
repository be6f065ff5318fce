import { publicApiGet } from '@/server/http/publicApi'
import { getBandProfile } from '@/server/publicData'

/** The band profile, from the cached public reads (writes to the profile invalidate it). */
export default publicApiGet(() => getBandProfile())
