import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
} from 'payload'

import { toCents, toMoneyString } from '@/lib/money'

import { objectStore } from '../storage'
import { contentAddressedName } from '../storage/contentAddress'
import { detectImageType } from '../storage/imageType'
import { readAll } from '../storage/stream'

import {
  CONTENT_FORMAT,
  CONTENT_VERSION,
  keys,
  mediaReferences,
  validateContentFile,
  type ContentFile,
  type Problem,
} from './schema'

type Doc = Record<string, unknown> & { id: string }
const common = { overrideAccess: true, depth: 0, context: { skipRevalidate: true } } as const

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const num = (v: unknown): number => Number(v ?? 0)
const bool = (v: unknown): boolean => v === true
const dateOf = (v: unknown): string => new Date(String(v)).toISOString()
const amount = (money: string) => toCents(money) / 100

async function all(
  payload: Payload,
  collection: 'links' | 'shows' | 'products' | 'product-options' | 'media' | 'subscribers',
  req?: PayloadRequest,
): Promise<Doc[]> {
  const found = await payload.find({ collection, pagination: false, sort: 'createdAt', req, ...common })
  return found.docs as unknown as Doc[]
}

/** A record in the file's shape, from a stored document. */
const fromDoc = {
  bandProfile: (d: Record<string, unknown>): ContentFile['bandProfile'] => ({
    name: String(d.name ?? ''),
    genre: str(d.genre),
    location: str(d.location),
    bio: str(d.bio),
    profileImageUrl: str(d.profileImageUrl),
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
    title: String(d.title),
    url: String(d.url),
    icon: str(d.icon),
    isActive: bool(d.isActive),
    order: num(d.order),
  }),
  show: (d: Doc): ContentFile['shows'][number] => ({
    title: String(d.title),
    venue: String(d.venue),
    date: dateOf(d.date),
    time: str(d.time),
    ticketUrl: str(d.ticketUrl),
    description: str(d.description),
    city: str(d.city),
    state: str(d.state),
    isActive: bool(d.isActive),
  }),
  option: (d: Doc): ContentFile['products'][number]['options'][number] => ({
    name: String(d.name),
    value: String(d.value),
    priceAdjustment: toMoneyString(d.priceAdjustment as number),
    inventory: num(d.inventory),
    isActive: bool(d.isActive),
  }),
  product: (d: Doc, options: Doc[]): ContentFile['products'][number] => ({
    name: String(d.name),
    description: str(d.description),
    price: toMoneyString(d.price as number),
    imageUrl: str(d.imageUrl),
    category: str(d.category),
    inventory: num(d.inventory),
    isActive: bool(d.isActive),
    isFeatured: bool(d.isFeatured),
    options: options.map(fromDoc.option),
  }),
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

export type ExportOptions = { includeSubscribers?: boolean; onWarning?: (message: string) => void }

/**
 * The site's content as one portable document: band profile, theme (without the private
 * notification addresses), links, shows, products with their options, and the media files they
 * show, bytes included. Orders and users are never part of it; subscribers only when asked.
 */
export async function exportContent(
  payload: Payload,
  { includeSubscribers = false, onWarning }: ExportOptions = {},
): Promise<ContentFile> {
  const [profile, theme, links, shows, products, options] = await Promise.all([
    payload.findGlobal({ slug: 'band-profile', ...common }),
    payload.findGlobal({ slug: 'theme-settings', ...common }),
    all(payload, 'links'),
    all(payload, 'shows'),
    all(payload, 'products'),
    all(payload, 'product-options'),
  ])
  const optionsOf = (productId: string) => options.filter((o) => String(o.productId) === productId)
  const file: ContentFile = {
    format: CONTENT_FORMAT,
    version: CONTENT_VERSION,
    exportedAt: new Date().toISOString(),
    bandProfile: fromDoc.bandProfile(profile as never),
    theme: fromDoc.theme(theme as never),
    links: links
      .map(fromDoc.link)
      .sort((a, b) => a.order - b.order || byString(a.title, b.title) || byString(a.url, b.url)),
    shows: shows.map(fromDoc.show).sort((a, b) => byString(a.date, b.date) || byString(a.venue, b.venue)),
    products: products.map((p) => fromDoc.product(p, optionsOf(p.id))),
    media: [],
  }
  const wanted = [...new Set(mediaReferences(file).map((r) => r.filename))].sort()
  for (const filename of wanted) {
    const found = await payload.find({
      collection: 'media',
      where: { filename: { equals: filename } },
      limit: 1,
      ...common,
    })
    const doc = found.docs[0] as unknown as Doc | undefined
    const opened = doc && (await objectStore().open(`media/${filename}`))
    const data = opened && (await readAll(opened.body, 100 * 1024 * 1024))
    if (!doc || !data) {
      onWarning?.(`The media file ${filename} is used but missing from this site; it is left out.`)
      continue
    }
    file.media.push({
      filename,
      mimeType: String(doc.mimeType) as never,
      alt: str(doc.alt),
      data: data.toString('base64'),
    })
  }
  if (includeSubscribers) {
    const subscribers = await all(payload, 'subscribers')
    file.subscribers = subscribers
      .map((s) => ({ email: String(s.email), isActive: bool(s.isActive) }))
      .sort((a, b) => byString(a.email, b.email))
  }
  return file
}

export type Change = { action: 'create' | 'update' | 'delete'; what: string; fields?: string[] }

export type ImportOptions = {
  dryRun?: boolean
  replace?: boolean
  includeSubscribers?: boolean
  onProgress?: (done: number, total: number, what: string) => void
}

export type ImportResult = { changes: Change[]; problems: Problem[]; written: boolean }

const changedFields = (current: Record<string, unknown>, next: Record<string, unknown>) =>
  Object.keys(next).filter(
    (k) => k !== 'options' && JSON.stringify(current[k] ?? null) !== JSON.stringify(next[k] ?? null),
  )

/**
 * Loads a content file (already parsed from JSON) into this database. The whole file is checked
 * first: any problem is reported with its path and nothing is written. Records are matched by
 * their natural keys (link URL, show date and venue, product name, option name and value, media
 * file hash, subscriber email), so loading the same file again changes nothing. `replace` also
 * deletes links, shows, products and options that the file does not have. Everything is written
 * in one transaction.
 */
export async function importContent(
  payload: Payload,
  input: unknown,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const checked = validateContentFile(input)
  if (!checked.file) return { changes: [], problems: checked.problems, written: false }
  const file = checked.file

  const [profile, theme, links, shows, products, productOptions, media] = await Promise.all([
    payload.findGlobal({ slug: 'band-profile', ...common }),
    payload.findGlobal({ slug: 'theme-settings', ...common }),
    all(payload, 'links'),
    all(payload, 'shows'),
    all(payload, 'products'),
    all(payload, 'product-options'),
    all(payload, 'media'),
  ])

  // Media: bytes must be the file they claim to be, and every reference must resolve.
  const problems: Problem[] = [...checked.problems]
  const mediaBytes = new Map<string, Buffer>()
  file.media.forEach((m, i) => {
    const data = Buffer.from(m.data, 'base64')
    const type = detectImageType(data.subarray(0, 64))
    if (!type) problems.push({ path: `media[${i}].data`, message: 'is not a JPEG, PNG, WebP, GIF or AVIF image' })
    else if (type.mime !== m.mimeType)
      problems.push({ path: `media[${i}].mimeType`, message: `does not match the bytes, which are ${type.mime}` })
    else if (contentAddressedName(data) !== m.filename)
      problems.push({ path: `media[${i}].data`, message: 'does not match the filename (the bytes were changed)' })
    else mediaBytes.set(m.filename, data)
  })
  const stored = new Set(media.map((m) => String(m.filename)))
  const inFile = new Set(file.media.map((m) => m.filename))
  for (const ref of mediaReferences(file)) {
    if (!inFile.has(ref.filename) && !stored.has(ref.filename)) {
      problems.push({
        path: ref.path,
        message: `refers to the media file ${ref.filename}, which is neither in the file nor on this site`,
      })
    }
  }
  if (problems.length) return { changes: [], problems, written: false }

  type Step = Change & { run: (req: PayloadRequest) => Promise<unknown> }
  const steps: Step[] = []

  for (const m of file.media) {
    if (stored.has(m.filename)) continue
    const data = mediaBytes.get(m.filename)!
    steps.push({
      action: 'create',
      what: `media ${m.filename}`,
      run: (req) =>
        payload.create({
          collection: 'media',
          data: { alt: m.alt },
          file: { data, mimetype: m.mimeType, name: m.filename, size: data.length },
          req,
          ...common,
        }),
    })
  }

  const profileFields = changedFields(fromDoc.bandProfile(profile as never), file.bandProfile)
  if (profileFields.length) {
    steps.push({
      action: 'update',
      what: 'band profile',
      fields: profileFields,
      run: (req) => payload.updateGlobal({ slug: 'band-profile', data: file.bandProfile, req, ...common }),
    })
  }
  const themeFields = changedFields(fromDoc.theme(theme as never), file.theme)
  if (themeFields.length) {
    steps.push({
      action: 'update',
      what: 'theme',
      fields: themeFields,
      run: (req) => payload.updateGlobal({ slug: 'theme-settings', data: file.theme as never, req, ...common }),
    })
  }

  const plan = <F extends Record<string, unknown>>(
    collection: 'links' | 'shows',
    label: string,
    existing: Doc[],
    wanted: F[],
    key: (r: F) => string,
    current: (d: Doc) => F,
  ) => {
    const byKey = new Map<string, Doc>()
    for (const d of existing) if (!byKey.has(key(current(d)))) byKey.set(key(current(d)), d)
    const kept = new Set<string>()
    for (const record of wanted) {
      const doc = byKey.get(key(record))
      const data = record as Record<string, unknown>
      if (!doc) {
        steps.push({
          action: 'create',
          what: `${label} ${key(record)}`,
          run: (req) => payload.create({ collection, data: data as never, req, ...common }),
        })
        continue
      }
      kept.add(doc.id)
      const fields = changedFields(current(doc), record)
      if (fields.length)
        steps.push({
          action: 'update',
          what: `${label} ${key(record)}`,
          fields,
          run: (req) => payload.update({ collection, id: doc.id, data: data as never, req, ...common }),
        })
    }
    if (options.replace) {
      for (const doc of existing.filter((d) => !kept.has(d.id))) {
        steps.push({
          action: 'delete',
          what: `${label} ${key(current(doc))}`,
          run: (req) => payload.delete({ collection, id: doc.id, req, ...common }),
        })
      }
    }
  }
  plan('links', 'link', links, file.links, keys.link, fromDoc.link)
  plan(
    'shows',
    'show',
    shows.map((s) => ({ ...s, date: dateOf(s.date) })),
    file.shows.map((s) => ({ ...s, date: dateOf(s.date) })),
    keys.show,
    fromDoc.show,
  )

  // Products and their options. A product created here gets its id during the import.
  const optionsOf = (productId: string) => productOptions.filter((o) => String(o.productId) === productId)
  const productByKey = new Map<string, Doc>()
  for (const d of products)
    if (!productByKey.has(keys.product(fromDoc.product(d, []))))
      productByKey.set(keys.product(fromDoc.product(d, [])), d)
  const keptProducts = new Set<string>()
  for (const p of file.products) {
    const { options: wantedOptions, ...fields } = p
    const data = { ...fields, price: amount(p.price) }
    const optionData = (o: (typeof wantedOptions)[number], productId: string) => ({
      ...o,
      productId,
      priceAdjustment: amount(o.priceAdjustment),
    })
    const doc = productByKey.get(keys.product(p))
    if (!doc) {
      steps.push({
        action: 'create',
        what: `product ${keys.product(p)}${wantedOptions.length ? ` with ${wantedOptions.length} options` : ''}`,
        run: async (req) => {
          const created = await payload.create({ collection: 'products', data: data as never, req, ...common })
          for (const o of wantedOptions)
            await payload.create({
              collection: 'product-options',
              data: optionData(o, created.id) as never,
              req,
              ...common,
            })
        },
      })
      continue
    }
    keptProducts.add(doc.id)
    const changed = changedFields(fromDoc.product(doc, []), p)
    if (changed.length) {
      steps.push({
        action: 'update',
        what: `product ${keys.product(p)}`,
        fields: changed,
        run: (req) => payload.update({ collection: 'products', id: doc.id, data: data as never, req, ...common }),
      })
    }
    const existingOptions = optionsOf(doc.id)
    const optionByKey = new Map<string, Doc>()
    for (const o of existingOptions)
      if (!optionByKey.has(keys.option(fromDoc.option(o)))) optionByKey.set(keys.option(fromDoc.option(o)), o)
    const keptOptions = new Set<string>()
    for (const o of wantedOptions) {
      const what = `option ${keys.option(o)} of ${keys.product(p)}`
      const current = optionByKey.get(keys.option(o))
      if (!current) {
        steps.push({
          action: 'create',
          what,
          run: (req) =>
            payload.create({ collection: 'product-options', data: optionData(o, doc.id) as never, req, ...common }),
        })
        continue
      }
      keptOptions.add(current.id)
      const optionFields = changedFields(fromDoc.option(current), o)
      if (optionFields.length) {
        steps.push({
          action: 'update',
          what,
          fields: optionFields,
          run: (req) =>
            payload.update({
              collection: 'product-options',
              id: current.id,
              data: optionData(o, doc.id) as never,
              req,
              ...common,
            }),
        })
      }
    }
    if (options.replace) {
      for (const o of existingOptions.filter((x) => !keptOptions.has(x.id))) {
        steps.push({
          action: 'delete',
          what: `option ${keys.option(fromDoc.option(o))} of ${keys.product(p)}`,
          run: (req) => payload.delete({ collection: 'product-options', id: o.id, req, ...common }),
        })
      }
    }
  }
  if (options.replace) {
    for (const doc of products.filter((d) => !keptProducts.has(d.id))) {
      steps.push({
        action: 'delete',
        what: `product ${keys.product(fromDoc.product(doc, []))}`,
        run: (req) => payload.delete({ collection: 'products', id: doc.id, req, ...common }),
      })
    }
  }

  // Subscribers are only ever added or updated, never removed by an import.
  if (options.includeSubscribers && file.subscribers?.length) {
    const existing = new Map((await all(payload, 'subscribers')).map((s) => [String(s.email).toLowerCase(), s]))
    for (const s of file.subscribers) {
      const doc = existing.get(keys.subscriber(s))
      if (!doc)
        steps.push({
          action: 'create',
          what: `subscriber ${s.email}`,
          run: (req) => payload.create({ collection: 'subscribers', data: s, req, ...common }),
        })
      else if (bool(doc.isActive) !== s.isActive) {
        steps.push({
          action: 'update',
          what: `subscriber ${s.email}`,
          fields: ['isActive'],
          run: (req) =>
            payload.update({ collection: 'subscribers', id: doc.id, data: { isActive: s.isActive }, req, ...common }),
        })
      }
    }
  }

  const changes = steps.map(({ action, what, fields }) => (fields ? { action, what, fields } : { action, what }))
  if (options.dryRun || steps.length === 0) return { changes, problems: [], written: false }

  const req = await createLocalReq({ context: { skipRevalidate: true } }, payload)
  await initTransaction(req)
  try {
    for (const [i, step] of steps.entries()) {
      options.onProgress?.(i, steps.length, step.what)
      await step.run(req)
    }
    options.onProgress?.(steps.length, steps.length, 'done')
    await commitTransaction(req)
  } catch (error) {
    await killTransaction(req)
    throw error
  }
  return { changes, problems: [], written: true }
}
