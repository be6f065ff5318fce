import { handle, json } from '@/server/http'
import { getActiveLinks } from '@/server/publicData'

export const GET = handle(async () => json(await getActiveLinks()))
