import { handle, json } from '@/server/http'
import { getBandProfile } from '@/server/publicData'

export const GET = handle(async () => json(await getBandProfile()))
