import type { Payload } from 'payload'

import { contentAddressedName } from '@/platform/storage/contentAddress'
import { detectImageType } from '@/platform/storage/imageType'
import { withTransaction } from '@/platform/db/transaction'

import {
  all,
  byStableKey,
  changedFields,
  common,
  dateOf,
  fromDoc,
  matchRecords,
  readSiteContent,
  type Change,
  type Doc,
  type Step,
} from './documents'
import { planProducts } from './planProducts'
import { keys, mediaReferences, validateContentFile, type ContentFile, type Problem } from './schema'

export type { Change }

export type ImportOptions = {
  dryRun?: boolean
  replace?: boolean
  includeSubscribers?: boolean
  onProgress?: (done: number, total: number, what: string) => void
}

export type ImportResult = { changes: Change[]; problems: Problem[]; written: boolean }

/**
 * Loads a content file (already parsed from JSON) into this database. The whole file is checked
 * first: any problem is reported with its path and nothing is written. Links, shows, products and
 * options are matched by their stable keys (by natural keys in a version 1 file, see
 * `matchRecords`), media files by their hash and subscribers by email, so loading the same file
 * again changes nothing and a new record keeps the file's key. `replace` also
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

  const [site, media] = await Promise.all([readSiteContent(payload), all(payload, 'media')])
  const { profile, theme, links, shows, products, options: productOptions } = site

  const stored = new Set(media.map((m) => String(m.filename)))
  const { problems, mediaBytes } = checkMedia(file, stored, checked.problems)
  if (problems.length) return { changes: [], problems, written: false }

  const steps: Step[] = []
  planMedia(payload, steps, file, stored, mediaBytes)
  planGlobals(payload, steps, file, profile, theme)

  const replace = Boolean(options.replace)
  planRecords(payload, steps, replace, 'links', 'link', links, file.links, keys.link, fromDoc.link)
  planRecords(
    payload,
    steps,
    replace,
    'shows',
    'show',
    shows.map((s) => ({ ...s, date: dateOf(s.date) })),
    file.shows.map((s) => ({ ...s, date: dateOf(s.date) })),
    keys.show,
    fromDoc.show,
  )

  planProducts(payload, steps, file.products, products, productOptions, replace)

  if (options.includeSubscribers && file.subscribers?.length) await planSubscribers(payload, steps, file.subscribers)

  const changes = steps.map(({ action, what, fields }) => (fields ? { action, what, fields } : { action, what }))
  if (options.dryRun || steps.length === 0) return { changes, problems: [], written: false }

  await runSteps(payload, steps, options.onProgress)
  return { changes, problems: [], written: true }
}

/** Media: bytes must be the file they claim to be, and every reference must resolve. */
function checkMedia(
  file: ContentFile,
  stored: Set<string>,
  earlier: Problem[],
): { problems: Problem[]; mediaBytes: Map<string, Buffer> } {
  const problems: Problem[] = [...earlier]
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
  const inFile = new Set(file.media.map((m) => m.filename))
  for (const ref of mediaReferences(file)) {
    if (!inFile.has(ref.filename) && !stored.has(ref.filename)) {
      problems.push({
        path: ref.path,
        message: `refers to the media file ${ref.filename}, which is neither in the file nor on this site`,
      })
    }
  }
  return { problems, mediaBytes }
}

/** Creates the media files of the file that this site does not hold yet. */
function planMedia(
  payload: Payload,
  steps: Step[],
  file: ContentFile,
  stored: Set<string>,
  mediaBytes: Map<string, Buffer>,
): void {
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
          // The name is the bytes' SHA-256, so a file storage already holds under it (a site
          // restored onto its own data directory or bucket) is this file: the row takes that
          // name, and rewriting it writes the same bytes, instead of filing a renamed copy.
          overwriteExistingFiles: true,
          req,
          ...common,
        }),
    })
  }
}

/** Updates the band profile and the theme where the file differs. */
function planGlobals(payload: Payload, steps: Step[], file: ContentFile, profile: unknown, theme: unknown): void {
  const globals = [
    {
      slug: 'band-profile',
      what: 'band profile',
      current: fromDoc.bandProfile(profile as never),
      next: file.bandProfile,
    },
    { slug: 'theme-settings', what: 'theme', current: fromDoc.theme(theme as never), next: file.theme },
  ] as const
  for (const { slug, what, current, next } of globals) {
    const fields = changedFields(current, next)
    if (fields.length) {
      steps.push({
        action: 'update',
        what,
        fields,
        run: (req) => payload.updateGlobal({ slug, data: next as never, req, ...common }),
      })
    }
  }
}

/**
 * Plans the links or the shows of the file against the stored ones: creates, updates (only the
 * fields that differ) and, with `replace`, deletes of what the file lacks.
 */
function planRecords<F extends Record<string, unknown> & { key?: string }>(
  payload: Payload,
  steps: Step[],
  replace: boolean,
  collection: 'links' | 'shows',
  label: string,
  existing: Doc[],
  wanted: F[],
  natural: (r: F) => string,
  current: (d: Doc) => F,
): void {
  const matches = matchRecords(wanted, {
    byKey: byStableKey(existing),
    candidates: existing,
    natural,
    naturalOfDoc: (d) => natural(current(d)),
  })
  const kept = new Set<string>()
  wanted.forEach((record, i) => {
    const doc = matches[i]
    const what = `${label} ${natural(record)}`
    if (!doc) {
      steps.push({
        action: 'create',
        what,
        run: (req) => payload.create({ collection, data: record as never, req, ...common }),
      })
      return
    }
    kept.add(doc.id)
    const { key: _key, ...data } = record
    const fields = changedFields(current(doc), data)
    if (fields.length)
      steps.push({
        action: 'update',
        what,
        fields,
        run: (req) => payload.update({ collection, id: doc.id, data: data as never, req, ...common }),
      })
  })
  if (replace) {
    for (const doc of existing.filter((d) => !kept.has(d.id))) {
      steps.push({
        action: 'delete',
        what: `${label} ${natural(current(doc))}`,
        run: (req) => payload.delete({ collection, id: doc.id, req, ...common }),
      })
    }
  }
}

/** Subscribers are only ever added or updated, never removed by an import. */
async function planSubscribers(
  payload: Payload,
  steps: Step[],
  subscribers: NonNullable<ContentFile['subscribers']>,
): Promise<void> {
  const existing = new Map((await all(payload, 'subscribers')).map((s) => [String(s.email).toLowerCase(), s]))
  for (const s of subscribers) {
    const doc = existing.get(keys.subscriber(s))
    // Files written before subscriber states existed carry only isActive.
    const status = s.status ?? (s.isActive ? 'confirmed' : 'unsubscribed')
    if (!doc) {
      const data = {
        email: s.email,
        status,
        isActive: status === 'confirmed',
        source: s.source ?? 'import',
        signedUpAt: s.signedUpAt ?? new Date().toISOString(),
        confirmedAt: s.confirmedAt ?? null,
        unsubscribedAt: s.unsubscribedAt ?? null,
        city: s.city ?? null,
        state: s.state ?? null,
      }
      steps.push({
        action: 'create',
        what: `subscriber ${s.email}`,
        run: (req) => payload.create({ collection: 'subscribers', data, req, ...common }),
      })
    } else if (doc.status !== status) {
      steps.push({
        action: 'update',
        what: `subscriber ${s.email}`,
        fields: ['status'],
        run: (req) =>
          payload.update({
            collection: 'subscribers',
            id: doc.id,
            data: {
              status,
              ...(status === 'confirmed' && s.confirmedAt ? { confirmedAt: s.confirmedAt } : {}),
              ...(status === 'unsubscribed' ? { unsubscribedAt: s.unsubscribedAt ?? new Date().toISOString() } : {}),
            },
            req,
            ...common,
          }),
      })
    }
  }
}

/** Runs the planned steps in one transaction, reporting progress before each. */
async function runSteps(payload: Payload, steps: Step[], onProgress: ImportOptions['onProgress']): Promise<void> {
  await withTransaction(payload, async ({ req }) => {
    for (const [i, step] of steps.entries()) {
      onProgress?.(i, steps.length, step.what)
      await step.run(req)
    }
    onProgress?.(steps.length, steps.length, 'done')
  })
}
