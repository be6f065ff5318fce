import { privacySettingsSchema } from '@/modules/privacy/contract'
import { readPrivacySettings, savePrivacySettings } from '@/modules/privacy/server/settings'
import { payloadClient } from '@/platform/db/payload'
import { requireRole } from '@/platform/http/auth'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

/** The privacy settings: how long buyers' details are kept, the notice's own text (owner only). */
export const GET = handle(async (request: Request) => {
  await requireRole(request, ['owner'])
  return json(await readPrivacySettings(await payloadClient()))
})

export const PUT = handle(async (request: Request) => {
  assertSameOrigin(request)
  await requireRole(request, ['owner'])
  const settings = await readJson(request, privacySettingsSchema)
  return json(await savePrivacySettings(await payloadClient(), settings))
})
