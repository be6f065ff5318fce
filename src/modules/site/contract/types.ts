import type { serializeLink, serializeBandProfile, serializeTheme } from '@/modules/site/contract/serializers'

/** What the API answers, for the services that build it and the pages and dashboard that read it. */

export type BandProfile = NonNullable<ReturnType<typeof serializeBandProfile>>

export type LinkItem = ReturnType<typeof serializeLink>

type AnyTheme = ReturnType<typeof serializeTheme>

/** The theme as everyone reads it (GET /api/theme-settings). */
export type Theme = Exclude<AnyTheme, { notificationEmail: unknown }>

/** The dashboard's theme: what the public sees plus the owner's notification addresses. */
export type ThemeSettings = Extract<AnyTheme, { notificationEmail: unknown }>
