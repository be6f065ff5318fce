import { musicSettingsSchema } from '@/modules/music/contract/downloads'
import { readMusicSettings, saveMusicSettings } from '@/modules/music/server/musicSettings'
import { EDITORS, TEAM } from '@/platform/access/roles'
import { payloadClient } from '@/platform/db/payload'
import { requireRole } from '@/platform/http/auth'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

/** The music settings: how many days a download link works and how many downloads of a release it allows. */
export const GET = handle(async (request: Request) => {
  await requireRole(request, TEAM)
  return json(await readMusicSettings(await payloadClient()))
})

export const PUT = handle(async (request: Request) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const settings = await readJson(request, musicSettingsSchema)
  return json(await saveMusicSettings(await payloadClient(), settings))
})
