import type { BandProfile, Link, ThemeSetting } from '@/payload-types'

/** Plain JSON shapes of the specification (money as "0.00" strings, relations as ids). */

export const serializeLink = (l: Link) => ({
  id: l.id,
  title: l.title,
  url: l.url,
  icon: l.icon ?? null,
  isActive: l.isActive,
  order: l.order,
  createdAt: l.createdAt,
  updatedAt: l.updatedAt,
})

/** null until the band has a name (the dashboard then offers to create the profile). */
export const serializeBandProfile = (b: BandProfile) =>
  b.name
    ? {
        id: b.id,
        name: b.name,
        genre: b.genre ?? null,
        location: b.location ?? null,
        bio: b.bio ?? null,
        profileImageUrl: b.profileImageUrl ?? null,
        timeZone: b.timeZone ?? null,
        createdAt: b.createdAt ?? null,
        updatedAt: b.updatedAt ?? null,
      }
    : null

export function serializeTheme(t: ThemeSetting, { includePrivate = false } = {}) {
  const theme = {
    id: t.id,
    backgroundColor: t.backgroundColor,
    foregroundColor: t.foregroundColor,
    primaryColor: t.primaryColor,
    accentColor: t.accentColor,
    cardColor: t.cardColor,
    backgroundImage: t.backgroundImage ?? null,
    backgroundStyle: t.backgroundStyle,
    backgroundPosition: t.backgroundPosition,
    fontFamily: t.fontFamily,
    headerFontFamily: t.headerFontFamily,
    borderRadius: t.borderRadius,
    cardOpacity: t.cardOpacity,
    customCss: t.customCss ?? null,
    createdAt: t.createdAt ?? null,
    updatedAt: t.updatedAt ?? null,
  }
  return includePrivate ? { ...theme, notificationEmail: t.notificationEmail ?? null } : theme
}
