import type { Metadata } from 'next'

import { CMS_TITLE_SUFFIX } from '@/lib/cmsTitle'
import { getBandProfile } from '@/modules/site/server/publicData'

type Title = Metadata['title']

function renamed(title: Title, suffix: string): Title {
  const swap = (text: string) =>
    text.endsWith(CMS_TITLE_SUFFIX) ? text.slice(0, -CMS_TITLE_SUFFIX.length) + suffix : text
  if (!title) return title
  if (typeof title === 'string') return swap(title)
  if ('absolute' in title) return { ...title, absolute: swap(title.absolute) }
  if ('default' in title) return { ...title, default: swap(title.default), template: swap(title.template) }
  return title
}

/** /cms page titles name the band: "Products · The Midnight Static CMS". */
export async function withBandName(metadata: Metadata): Promise<Metadata> {
  const name = await getBandProfile()
    .then((profile) => profile?.name)
    .catch(() => undefined)
  if (!name) return metadata
  const suffix = `· ${name} CMS`
  return {
    ...metadata,
    title: renamed(metadata.title, suffix),
    ...(metadata.openGraph && typeof metadata.openGraph.title === 'string'
      ? { openGraph: { ...metadata.openGraph, title: renamed(metadata.openGraph.title, suffix) as string } }
      : {}),
  }
}
