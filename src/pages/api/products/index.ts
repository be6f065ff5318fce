import { publicApiGet } from '@/platform/http/publicApi'
import { getPublicProducts } from '@/modules/site/server/publicData'

/** Active products, or with `?featured=true` the featured ones, from the cached public reads. */
export default publicApiGet((request) => getPublicProducts(request.query.featured === 'true'))
