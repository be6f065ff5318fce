import { handle, json } from '@/server/http'
import { getUpcomingShows } from '@/server/publicData'

export const GET = handle(async () => json(await getUpcomingShows()))
