import { publicGet } from '@/server/http'
import { getPublicTheme } from '@/server/publicData'

// Served from Next's cache; theme writes invalidate it (hourly at the latest).
export const revalidate = 3600

export const GET = publicGet(async () => getPublicTheme())
