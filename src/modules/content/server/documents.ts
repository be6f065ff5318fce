import type { Payload, PayloadRequest } from 'payload'

import { toCents, toMoneyString } from '@/lib/money'

import type { ContentFile } from './schema'

/** Reading and writing stored documents in the content file's shapes. */

export type Doc = Record<string, unknown> & { id: string }
/** Local API options of every content read and write: as the system, flat, without revalidating each write. */
export const common = {
  overrideAccess: true,
  depth: 0,
  // bulkImport: shows loaded from a file (the demo seed, a content import) are not new announcements.
  context: { skipRevalidate: true, bulkImport: true },
} as const

export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
export const num = (v: unknown): number => Number(v ?? 0)
/** A pre-order's settings, written only for a record on pre-order. */
const preorderOf = (d: Doc) =>
  d.preorderShipsOn
    ? { preorderShipsOn: String(d.preorderShipsOn), preorderCap: d.preorderCap === null ? null : num(d.preorderCap) }
    : {}
export const bool = (v: unknown): boolean => v === true
export const dateOf = (v: unknown): string => new Date(String(v)).toISOString()
export const amount = (money: string) => toCents(money) / 100

/** Every document of a collection, oldest first. */
export async function all(
  payload: Payload,
  collection: 'links' | 'shows' | 'products' | 'product-options' | 'media' | 'subscribers',
  req?: PayloadRequest,
): Promise<Doc[]> {
  const found = await payload.find({ collection, pagination: false, sort: 'createdAt', req, ...common })
  return found.docs as unknown as Doc[]
}

/** A record in the file's shape, from a stored document. */
export const fromDoc = {
  bandProfile: (d: Record<string, unknown>): ContentFile['bandProfile'] => ({
    name: String(d.name ?? ''),
    genre: str(d.genre),
    location: str(d.location),
    bio: str(d.bio),
    profileImageUrl: str(d.profileImageUrl),
    timeZone: str(d.timeZone),
  }),
  theme: (d: Record<string, unknown>): ContentFile['theme'] => ({
    backgroundColor: String(d.backgroundColor),
    foregroundColor: String(d.foregroundColor),
    primaryColor: String(d.primaryColor),
    accentColor: String(d.accentColor),
    cardColor: String(d.cardColor),
    backgroundImage: str(d.backgroundImage),
    backgroundStyle: d.backgroundStyle as ContentFile['theme']['backgroundStyle'],
    backgroundPosition: String(d.backgroundPosition),
    fontFamily: d.fontFamily as ContentFile['theme']['fontFamily'],
    headerFontFamily: d.headerFontFamily as ContentFile['theme']['headerFontFamily'],
    borderRadius: String(d.borderRadius),
    cardOpacity: num(d.cardOpacity),
    customCss: str(d.customCss),
  }),
  link: (d: Doc): ContentFile['links'][number] => ({
    key: String(d.key),
    title: String(d.title),
    url: String(d.url),
    icon: str(d.icon),
    isActive: bool(d.isActive),
    order: num(d.order),
  }),
  show: (d: Doc): ContentFile['shows'][number] => ({
    key: String(d.key),
    title: String(d.title),
    venue: String(d.venue),
    date: dateOf(d.date),
    time: str(d.time),
    ticketUrl: str(d.ticketUrl),
    description: str(d.description),
    city: str(d.city),
    state: str(d.state),
    country: str(d.country),
    isActive: bool(d.isActive),
    timeZone: str(d.timeZone),
    status: (d.status ?? 'scheduled') as NonNullable<ContentFile['shows'][number]['status']>,
    previousDate: d.previousDate ? dateOf(d.previousDate) : null,
    streamUrl: str(d.streamUrl),
    ...(d.slug ? { slug: String(d.slug) } : {}),
  }),
  option: (d: Doc): ContentFile['products'][number]['options'][number] => ({
    key: String(d.key),
    name: String(d.name),
    value: String(d.value),
    priceAdjustment: toMoneyString(d.priceAdjustment as number),
    inventory: num(d.inventory),
    ...preorderOf(d),
    isActive: bool(d.isActive),
  }),
  product: (d: Doc, options: Doc[]): ContentFile['products'][number] => ({
    key: String(d.key),
    name: String(d.name),
    description: str(d.description),
    price: toMoneyString(d.price as number),
    imageUrl: str(d.imageUrl),
    category: str(d.category),
    inventory: num(d.inventory),
    ...preorderOf(d),
    isActive: bool(d.isActive),
    isFeatured: bool(d.isFeatured),
    options: options.map(fromDoc.option),
  }),
}

export const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** A planned change of an import, and the write that makes it. */
export type Change = { action: 'create' | 'update' | 'delete'; what: string; fields?: string[] }
export type Step = Change & { run: (req: PayloadRequest) => Promise<unknown> }

/**
 * The fields whose values differ between a stored record and the file's. Options are compared on
 * their own; a stored key never changes, so it is not compared.
 */
export const changedFields = (current: Record<string, unknown>, next: Record<string, unknown>) =>
  Object.keys(next).filter(
    (k) => k !== 'options' && k !== 'key' && JSON.stringify(current[k] ?? null) !== JSON.stringify(next[k] ?? null),
  )

/**
 * Pairs each record of a file with the stored document it updates, or with none (it is created).
 * A record is the document that has its stable key. A record without a key (a version 1 file),
 * or whose key this site lacks, is matched by its natural key to a candidate that no key of the
 * file names, oldest first and each at most once, so records that share a natural key pair off
 * in order and a site filled from an older file is updated rather than filled twice.
 */
export function matchRecords<R extends { key?: string }>(
  wanted: R[],
  { byKey, candidates, natural, naturalOfDoc }: MatchOptions<R>,
): (Doc | undefined)[] {
  const named = new Set(wanted.map((r) => r.key))
  const byNatural = new Map<string, Doc[]>()
  for (const doc of candidates) {
    if (named.has(String(doc.key))) continue
    const k = naturalOfDoc(doc)
    byNatural.set(k, [...(byNatural.get(k) ?? []), doc])
  }
  return wanted.map((r) => (r.key !== undefined && byKey.get(r.key)) || byNatural.get(natural(r))?.shift())
}

export type MatchOptions<R> = {
  /** Every stored document of the collection, by its key. */
  byKey: Map<string, Doc>
  /** The stored documents a record may match by its natural key, oldest first. */
  candidates: Doc[]
  natural: (r: R) => string
  naturalOfDoc: (d: Doc) => string
}

export const byStableKey = (docs: Doc[]) => new Map(docs.map((d) => [String(d.key), d]))

/** The stored site content an export writes out and an import compares against, read at once. */
export async function readSiteContent(payload: Payload) {
  const [profile, theme, links, shows, products, options] = await Promise.all([
    payload.findGlobal({ slug: 'band-profile', ...common }),
    payload.findGlobal({ slug: 'theme-settings', ...common }),
    all(payload, 'links'),
    all(payload, 'shows'),
    all(payload, 'products'),
    all(payload, 'product-options'),
  ])
  return { profile, theme, links, shows, products, options }
}
