import { publicGet } from '@/server/http'
import { getActiveLinks } from '@/server/publicData'

// Served from Next's cache; writes to links invalidate it (hourly at the latest).
export const revalidate = 3600

export const GET = publicGet(async () => getActiveLinks())
