import fs from 'node:fs'
import path from 'node:path'

import type { GetStaticProps } from 'next'
import Head from 'next/head'

import { LandingPage, type LandingPageData } from '@/components/public/LandingPage'
import { ISLANDS_MANIFEST, type IslandsManifest } from '@/lib/islandsManifest'
import { objectImagePath } from '@/lib/publicText'
import type { PublicOption } from '@/lib/publicTypes'
import { siteUrl } from '@/server/env'
import {
  getActiveLinks,
  getBandProfile,
  getPublicOptions,
  getPublicProducts,
  getUpcomingShows,
  PUBLIC_REVALIDATE_SECONDS,
} from '@/server/publicData'

/*
 * The public page (also at /landing and /merch): static HTML from the cache, rendered again only
 * when a write invalidates what it shows (every public tag, see cache-handler.mjs), or hourly,
 * which also drops shows whose date has passed. It loads none of the framework's client runtime:
 * its interactive parts are islands hydrated by one small script (src/islands).
 */
export const config = { unstable_runtimeJS: false }

type Props = LandingPageData & { islands: IslandsManifest | null }

const DESCRIPTION_LENGTH = 160

function describe(profile: LandingPageData['profile']): string {
  const bio = profile?.bio?.replace(/\s+/g, ' ').trim()
  if (bio) return bio.length > DESCRIPTION_LENGTH ? `${bio.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…` : bio
  const details = [profile?.genre, profile?.location].filter(Boolean).join(' from ')
  return `${profile?.name ?? 'Band Name'}${details ? ` — ${details}` : ''}: links, upcoming shows and merch.`
}

/** Options of every featured product; a product whose read fails gets null and retries in the browser. */
async function readOptions(productIds: string[]): Promise<Record<string, PublicOption[] | null>> {
  const entries = await Promise.all(
    productIds.map(async (id) => {
      try {
        return [id, await getPublicOptions(id)] as const
      } catch (error) {
        console.error(`Could not read the options of product ${id}:`, error)
        return [id, null] as const
      }
    }),
  )
  return Object.fromEntries(entries)
}

/** Which built script hydrates the islands (scripts/build-islands.ts); null if it was not built. */
function readIslandsManifest(): IslandsManifest | null {
  try {
    // `next dev` builds into .next/dev, where the launcher's development build of the script goes too.
    const distDir = process.env.NODE_ENV === 'development' ? path.join('.next', 'dev') : '.next'
    return JSON.parse(fs.readFileSync(path.join(process.cwd(), distDir, ISLANDS_MANIFEST), 'utf8')) as IslandsManifest
  } catch {
    if (process.env.NEXT_PHASE !== 'phase-production-build')
      console.error('The landing page script is not built (npm run build builds it); the page is not interactive.')
    return null
  }
}

export const getStaticProps: GetStaticProps<Props> = async () => {
  const [profile, links, products, shows] = await Promise.all([
    getBandProfile(),
    getActiveLinks(),
    getPublicProducts(true),
    getUpcomingShows(),
  ])
  const options = await readOptions(products.map((p) => p.id))
  const props: Props = {
    siteUrl: siteUrl(),
    profile,
    links,
    products,
    options,
    shows,
    islands: readIslandsManifest(),
  }
  // Page props must be plain JSON (no undefined).
  return { props: JSON.parse(JSON.stringify(props)) as Props, revalidate: PUBLIC_REVALIDATE_SECONDS }
}

/**
 * Requests the islands script (and the chunks it imports at once) once the page has painted its
 * first content: the page reads fine without it, and on a slow connection it must not compete with
 * the stylesheet and the font for the first view. Where no first paint can be observed (a browser
 * without paint timing, a page opened in a background tab), it loads at once; three seconds is the
 * longest it waits.
 */
function islandsLoader({ script, preload }: IslandsManifest): string {
  return `let started=false
const load=()=>{if(started)return;started=true
for(const href of ${JSON.stringify(preload)}){const link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.append(link)}
import(${JSON.stringify(script)})}
if(document.visibilityState!=='visible'||!PerformanceObserver.supportedEntryTypes?.includes('paint'))load()
else{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(load)}}).observe({type:'paint',buffered:true});setTimeout(load,3000)}`
}

/** The theme's styles are the document's (_document.tsx), after the stylesheet. */
export default function HomePage({ islands, ...data }: Props) {
  const title = data.profile?.name || 'Band Name'
  const description = describe(data.profile)
  const image = objectImagePath(data.profile?.profileImageUrl)
  const imageUrl = image ? new URL(image, data.siteUrl).href : null
  return (
    <>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0c0a1d" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <link rel="canonical" href={data.siteUrl} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={data.siteUrl} />
        <meta property="og:site_name" content={title} />
        {imageUrl && <meta property="og:image" content={imageUrl} />}
        {imageUrl && <meta property="og:image:alt" content={`${title} profile picture`} />}
        <meta property="og:type" content="website" />
        <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        {imageUrl && <meta name="twitter:image" content={imageUrl} />}
        <link rel="icon" href="/icon.svg" sizes="any" type="image/svg+xml" />
      </Head>
      <LandingPage {...data} />
      {islands && <script type="module" dangerouslySetInnerHTML={{ __html: islandsLoader(islands) }} />}
    </>
  )
}
