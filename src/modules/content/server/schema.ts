import { z } from 'zod'

import { AMOUNT } from '@/lib/money'
import { isShipDate } from '@/modules/stock/contract/preorder'
import { SUBSCRIBER_SOURCES, SUBSCRIBER_STATUSES } from '@/modules/newsletter/contract/subscriberStatus'
import { BACKGROUND_STYLES, BODY_FONTS, BORDER_RADII, HEADER_FONTS } from '@/modules/site/contract/themeValues'
import { SHOW_STATUSES } from '@/modules/shows/contract/showStatus'
import { isTimeZone } from '@/platform/time/showTime'
import { EMAIL, isHttpUrl, isHttpUrlOrMailto, SAFE_CSS_VALUE } from '@/lib/validators'

/**
 * The format name and version written at the top of every content file. Version 2 gives every
 * link, show, product and option its stable key; version 3 adds the shows' time zone, state,
 * previous date, stream URL and slug, and the band profile's time zone. Version 1 and 2 files
 * are still read (their shows keep the values the site has, or get the defaults).
 */
export const CONTENT_FORMAT = 'bandsite-content'
export const CONTENT_VERSION = 3
export const READABLE_VERSIONS = [1, 2, 3] as const

const text = (max: number) => z.string().max(max, `at most ${max} characters`)
const required = (max: number) => text(max).refine((v) => v.trim() !== '', 'must not be empty')
const optional = (max: number) => text(max).nullable().default(null)
const url = text(2000).refine(isHttpUrlOrMailto, 'must be a full URL (https://… or mailto:…)')
const money = (allowNegative: boolean) =>
  z
    .string()
    .refine((v) => AMOUNT.test(v.trim()), 'must be an amount with at most two decimals, as a string such as "25.00"')
    .refine((v) => allowNegative || !v.trim().startsWith('-'), 'cannot be negative')
const stock = z.number().int('must be a whole number').min(-1_000_000, 'is too low').max(1_000_000, 'is too high')
/**
 * A pre-order (absent: the site keeps what it has): its ship date, and its cap. On pre-order the
 * stock may be below 0, down to minus the cap; otherwise it is 0 or more.
 */
const preorder = {
  preorderShipsOn: z.string().refine(isShipDate, 'must be a date (YYYY-MM-DD)').nullable().optional(),
  preorderCap: z.number().int('must be a whole number').min(0, 'cannot be below 0').nullable().optional(),
}
const stockWithinFloor = (
  r: { inventory: number; preorderShipsOn?: string | null; preorderCap?: number | null },
  ctx: z.RefinementCtx,
) => {
  if (r.inventory >= 0) return
  const floor = r.preorderShipsOn ? -(r.preorderCap ?? Number.POSITIVE_INFINITY) : 0
  if (r.inventory < floor)
    ctx.addIssue({
      code: 'custom',
      path: ['inventory'],
      message: r.preorderShipsOn ? 'cannot be below minus the pre-order cap' : 'cannot be below 0',
    })
}
const css = z.string().regex(SAFE_CSS_VALUE, 'must be a CSS colour or length such as hsl(262,83%,58%)')
/** A record's stable key, as the site made it (a UUID) or as a hand-written file names it. */
const recordKey = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/,
    'must be 1 to 100 letters, digits, dots, colons, dashes or underscores, starting with a letter or digit',
  )
  .optional()
const isoDate = z
  .string()
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)),
    'must be a date such as 2026-12-06T12:00:00.000Z',
  )

const timeZone = text(100)
  .refine((v) => isTimeZone(v), 'must be an IANA time zone such as America/Los_Angeles')
  .nullable()

export const bandProfileSchema = z.strictObject({
  name: required(200),
  genre: optional(100),
  location: optional(200),
  bio: optional(10000),
  profileImageUrl: optional(2000),
  timeZone: timeZone.optional(),
})

export const themeSchema = z.strictObject({
  backgroundColor: css,
  foregroundColor: css,
  primaryColor: css,
  accentColor: css,
  cardColor: css,
  backgroundImage: optional(2000),
  backgroundStyle: z.enum(BACKGROUND_STYLES),
  backgroundPosition: css,
  fontFamily: z.enum(BODY_FONTS),
  headerFontFamily: z.enum(HEADER_FONTS),
  borderRadius: z.enum(BORDER_RADII.map((r) => r.value) as [string, ...string[]]),
  cardOpacity: z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1'),
  customCss: optional(20000),
})

export const linkSchema = z.strictObject({
  key: recordKey,
  title: required(200),
  url,
  icon: optional(200),
  isActive: z.boolean(),
  order: z.number().int('must be a whole number'),
})

export const showSchema = z.strictObject({
  key: recordKey,
  title: required(200),
  venue: required(200),
  date: isoDate,
  time: optional(50),
  ticketUrl: url.nullable().default(null),
  description: optional(5000),
  city: optional(100),
  state: optional(100),
  isActive: z.boolean(),
  // Since version 3; absent in older files, where the site keeps what it has.
  timeZone: timeZone.optional(),
  // The venue's country, for the tax of the sales at its merch table; absent in older files.
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US')
    .nullable()
    .optional(),
  status: z.enum(SHOW_STATUSES).optional(),
  previousDate: isoDate.nullable().optional(),
  streamUrl: text(2000).refine(isHttpUrl, 'must be a full URL (https://…)').nullable().optional(),
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters and digits joined by hyphens')
    .max(120, 'at most 120 characters')
    .optional(),
})

export const optionSchema = z
  .strictObject({
    key: recordKey,
    name: required(100),
    value: required(100),
    priceAdjustment: money(true),
    inventory: stock,
    ...preorder,
    isActive: z.boolean(),
  })
  .superRefine(stockWithinFloor)

export const productSchema = z
  .strictObject({
    key: recordKey,
    name: required(200),
    description: optional(5000),
    price: money(false),
    imageUrl: optional(2000),
    category: optional(100),
    inventory: stock,
    ...preorder,
    isActive: z.boolean(),
    isFeatured: z.boolean(),
    options: z.array(optionSchema).default([]),
  })
  .superRefine(stockWithinFloor)

export const mediaSchema = z.strictObject({
  filename: z
    .string()
    .regex(/^[a-f0-9]{64}\.(jpg|png|webp|gif|avif)$/, "must be the file's SHA-256 and extension, as exported"),
  mimeType: z.enum(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']),
  alt: optional(300),
  data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be the file's bytes in base64"),
})

/**
 * A subscriber and its consent record. `status` is new in files of this version: in older files
 * `isActive` alone says confirmed (true) or unsubscribed (false).
 */
export const subscriberSchema = z.strictObject({
  email: z.string().trim().toLowerCase().regex(EMAIL, 'must be an email address'),
  isActive: z.boolean(),
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  source: z.enum(SUBSCRIBER_SOURCES).optional(),
  signedUpAt: isoDate.nullable().optional(),
  confirmedAt: isoDate.nullable().optional(),
  unsubscribedAt: isoDate.nullable().optional(),
  city: text(100).nullable().optional(),
  state: text(100).nullable().optional(),
})

export const contentFileSchema = z.strictObject({
  format: z.literal(CONTENT_FORMAT, `must be "${CONTENT_FORMAT}"`),
  version: z.literal(READABLE_VERSIONS, `must be ${READABLE_VERSIONS.join(' or ')}`),
  exportedAt: isoDate.optional(),
  bandProfile: bandProfileSchema,
  theme: themeSchema,
  links: z.array(linkSchema),
  shows: z.array(showSchema),
  products: z.array(productSchema),
  media: z.array(mediaSchema).default([]),
  subscribers: z.array(subscriberSchema).optional(),
})

export type ContentFile = z.infer<typeof contentFileSchema>
export type ContentProduct = ContentFile['products'][number]

/**
 * Natural keys: what identified a record across databases before records had stable keys. They
 * still match the records of a version 1 file, and a record whose stable key this site lacks.
 */
export const keys = {
  link: (l: { url: string }) => l.url,
  show: (s: { date: string; venue: string }) => `${new Date(s.date).toISOString()} ${s.venue.trim()}`,
  product: (p: { name: string }) => p.name.trim(),
  option: (o: { name: string; value: string }) => `${o.name.trim()}: ${o.value.trim()}`,
  media: (m: { filename: string }) => m.filename,
  subscriber: (s: { email: string }) => s.email.trim().toLowerCase(),
}

/** `products[2].options[0].price` from a zod-style path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`
  return out || '(file)'
}

export type Problem = { path: string; message: string }

/** The file when its shape is right (null otherwise), and every problem found, each with its path. */
export function validateContentFile(value: unknown): { file: ContentFile | null; problems: Problem[] } {
  const result = contentFileSchema.safeParse(value)
  if (!result.success) {
    return { file: null, problems: result.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message })) }
  }
  const file = result.data
  const problems: Problem[] = []
  type Entry<T> = { item: T; path: (string | number)[] }
  const entries = <T>(list: T[], listPath: (string | number)[]): Entry<T>[] =>
    list.map((item, i) => ({ item, path: [...listPath, i] }))
  /** Refuses a second entry with the same key, at `<its path>.<keyField>`. */
  const unique = <T>(list: Entry<T>[], key: (item: T) => string, keyField: string, label: string) => {
    const seen = new Map<string, Entry<T>>()
    for (const entry of list) {
      const k = key(entry.item)
      const first = seen.get(k)
      if (!first) seen.set(k, entry)
      else
        problems.push({
          path: formatPath([...entry.path, keyField]),
          message: `duplicate ${label}: the same as ${formatPath(first.path)}`,
        })
    }
  }

  // Stable keys: in every record of a version 2 file and in none of a version 1 file, unique per
  // collection (the options of all products are one collection).
  const options = file.products.flatMap((p, i) => entries(p.options, ['products', i, 'options']))
  const collections: Entry<{ key?: string }>[][] = [
    entries(file.links, ['links']),
    entries(file.shows, ['shows']),
    entries(file.products, ['products']),
    options,
  ]
  for (const list of collections) {
    for (const { item, path } of list) {
      if (file.version >= 2 && item.key === undefined)
        problems.push({ path: formatPath([...path, 'key']), message: `is required in a version ${file.version} file` })
      if (file.version < 2 && item.key !== undefined)
        problems.push({ path: formatPath([...path, 'key']), message: 'is not part of a version 1 file' })
    }
    unique(
      list.filter((e) => e.item.key !== undefined),
      (item) => item.key!,
      'key',
      'key',
    )
  }
  unique(entries(file.media, ['media']), keys.media, 'filename', 'media file')
  if (file.subscribers) unique(entries(file.subscribers, ['subscribers']), keys.subscriber, 'email', 'subscriber email')
  return { file, problems }
}

const MEDIA_REFERENCE = /\/objects\/media\/([A-Za-z0-9._-]+)/g

/** Filenames of the media files that content refers to (`/objects/media/<filename>`), with where. */
export function mediaReferences(
  file: Pick<ContentFile, 'bandProfile' | 'theme' | 'products'>,
): { filename: string; path: string }[] {
  const refs: { filename: string; path: string }[] = []
  const scan = (value: string | null, path: (string | number)[]) => {
    for (const match of (value ?? '').matchAll(MEDIA_REFERENCE))
      refs.push({ filename: match[1]!, path: formatPath(path) })
  }
  scan(file.bandProfile.profileImageUrl, ['bandProfile', 'profileImageUrl'])
  scan(file.theme.backgroundImage, ['theme', 'backgroundImage'])
  scan(file.theme.customCss, ['theme', 'customCss'])
  file.products.forEach((p, i) => scan(p.imageUrl, ['products', i, 'imageUrl']))
  return refs
}
