import { PageHead } from './head'
import { ISLANDS_LOADER, ISLANDS_MANIFEST_ELEMENT_ID } from './islands/loader'
import { LandingPage, type LandingPageData } from './LandingPage'
import type { IslandsManifest } from './manifest'
import { serializeJsonLd } from '@/lib/jsonLd'
import { objectImagePath } from '@/modules/site/contract/publicText'

export type HomePageProps = LandingPageData & { islands: IslandsManifest | null }

const DESCRIPTION_LENGTH = 160

function describe(profile: LandingPageData['profile']): string {
  const bio = profile?.bio?.replace(/\s+/g, ' ').trim()
  if (bio) return bio.length > DESCRIPTION_LENGTH ? `${bio.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…` : bio
  const details = [profile?.genre, profile?.location].filter(Boolean).join(' from ')
  return `${profile?.name ?? 'Band Name'}${details ? ` — ${details}` : ''}: links, upcoming shows and merch.`
}

/** The public page: its head, its body, and the loader of its islands' script. */
export function HomePage({ islands, ...data }: HomePageProps) {
  const title = data.profile?.name || 'Band Name'
  const image = objectImagePath(data.profile?.profileImageUrl)
  return (
    <>
      <PageHead
        title={title}
        siteName={title}
        description={describe(data.profile)}
        url={data.siteUrl}
        image={image ? { url: new URL(image, data.siteUrl).href, alt: `${title} profile picture` } : null}
      />
      <LandingPage {...data} />
      {islands && (
        <>
          <script
            type="application/json"
            id={ISLANDS_MANIFEST_ELEMENT_ID}
            dangerouslySetInnerHTML={{ __html: serializeJsonLd(islands) }}
          />
          <script type="module" dangerouslySetInnerHTML={{ __html: ISLANDS_LOADER }} />
        </>
      )}
    </>
  )
}
