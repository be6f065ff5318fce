import 'server-only'

import type { User } from '@/payload-types'
import { roleOf } from '@/platform/access/roles'
import type { BandProfileInput } from '@/modules/site/contract/bandProfile'
import type { themeUpdateSchema } from '@/modules/site/contract/theme'
import type { z } from 'zod'

import { serializeBandProfile, serializeTheme } from '@/modules/site/contract/serializers'

import { forbidden } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'
import { imagePathForSaving } from '@/platform/storage/images'
import { withTransaction } from '@/platform/db/transaction'

import { lockUnchanged, type LoadedVersion } from '@/platform/db/version'

export async function readBandProfile(user: User) {
  const payload = await payloadClient()
  return serializeBandProfile(await payload.findGlobal({ slug: 'band-profile', depth: 0, overrideAccess: false, user }))
}

export async function saveBandProfile(user: User, input: BandProfileInput, loaded: LoadedVersion) {
  const { id: _ignored, updatedAt: _version, ...data } = input
  const payload = await payloadClient()
  const saved = await withTransaction(payload, async (tx) => {
    await lockUnchanged(tx, 'band_profile', null, loaded)
    return payload.updateGlobal({ slug: 'band-profile', data, depth: 0, overrideAccess: false, user, req: tx.req })
  })
  return serializeBandProfile(saved)
}

export async function readTheme(user: User) {
  const payload = await payloadClient()
  const theme = await payload.findGlobal({ slug: 'theme-settings', depth: 0, overrideAccess: false, user })
  return serializeTheme(theme, { includePrivate: true })
}

const OWNER_ONLY = ['notificationEmail', 'customCss'] as const

/**
 * Saves the theme. Only the owner may change the notification addresses and the custom CSS; a
 * manager saving the whole form with those two unchanged is fine.
 */
export async function saveTheme(user: User, input: z.infer<typeof themeUpdateSchema>, loaded: LoadedVersion) {
  const { id: _ignored, updatedAt: _version, ...data } = input
  const payload = await payloadClient()
  const current = await payload.findGlobal({ slug: 'theme-settings', depth: 0, overrideAccess: true })
  if (roleOf(user) !== 'owner') {
    for (const field of OWNER_ONLY) {
      if (field in data && (data[field] ?? null) !== (current[field] ?? null)) {
        throw forbidden(
          `Only the owner can change ${field === 'customCss' ? 'the custom CSS' : 'the notification email'}.`,
        )
      }
      delete data[field]
    }
  }
  // An uploaded background is checked and filed, and saved as its lasting /objects/ path.
  if ('backgroundImage' in data && data.backgroundImage !== (current.backgroundImage ?? null)) {
    data.backgroundImage = await imagePathForSaving(data.backgroundImage, user, 'backgroundImage')
  }
  const saved = await withTransaction(payload, async (tx) => {
    await lockUnchanged(tx, 'theme_settings', null, loaded)
    return payload.updateGlobal({
      slug: 'theme-settings',
      data: data as never,
      depth: 0,
      overrideAccess: false,
      user,
      req: tx.req,
    })
  })
  return serializeTheme(saved, { includePrivate: true })
}
