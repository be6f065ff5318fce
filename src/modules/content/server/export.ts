import type { Payload } from 'payload'

import type { SubscriberSource, SubscriberStatus } from '@/modules/newsletter/contract/subscriberStatus'

import { objectStore } from '@/platform/storage'
import { readAll } from '@/platform/storage/stream'

import { all, bool, byString, common, fromDoc, readSiteContent, str, type Doc } from './documents'
import { CONTENT_FORMAT, CONTENT_VERSION, mediaReferences, type ContentFile } from './schema'

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
  const { profile, theme, links, shows, products, options } = await readSiteContent(payload)
  const optionsOf = (productId: string) => options.filter((o) => String(o.productId) === productId)
  const file: ContentFile = {
    format: CONTENT_FORMAT,
    version: CONTENT_VERSION,
    exportedAt: new Date().toISOString(),
    bandProfile: fromDoc.bandProfile(profile as never),
    theme: fromDoc.theme(theme as never),
    // Keys break the ties of records that share everything else, so the order is the same on every site.
    links: links
      .map(fromDoc.link)
      .sort(
        (a, b) => a.order - b.order || byString(a.title, b.title) || byString(a.url, b.url) || byString(a.key!, b.key!),
      ),
    shows: shows
      .map(fromDoc.show)
      .sort(
        (a, b) =>
          byString(a.date, b.date) ||
          byString(a.venue, b.venue) ||
          byString(a.title, b.title) ||
          byString(a.key!, b.key!),
      ),
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
      .map((s) => ({
        email: String(s.email),
        isActive: bool(s.isActive),
        status: s.status as SubscriberStatus,
        source: s.source as SubscriberSource,
        signedUpAt: str(s.signedUpAt),
        confirmedAt: str(s.confirmedAt),
        unsubscribedAt: str(s.unsubscribedAt),
        city: str(s.city),
        state: str(s.state),
      }))
      .sort((a, b) => byString(a.email, b.email))
  }
  return file
}
