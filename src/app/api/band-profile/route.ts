import { publicGet } from '@/server/http'
import { getBandProfile } from '@/server/publicData'

// Served from Next's cache; writes to the band profile invalidate it (hourly at the latest).
export const revalidate = 3600

export const GET = publicGet(async () => getBandProfile())
