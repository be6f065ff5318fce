import { handle, json } from '@/server/http'
import { getPublicTheme } from '@/server/publicData'

export const GET = handle(async () => json(await getPublicTheme()))
