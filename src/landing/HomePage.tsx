import { PageHead } from './head'
import { IslandsScripts } from './islands/IslandsScripts'
import { LandingPage, type LandingPageData } from './LandingPage'
import type { IslandsManifest } from './manifest'
import { objectImagePath } from '@/modules/site/contract/publicText'

export type HomePageProps = LandingPageData & { islands: IslandsManifest | null }

const DESCRIPTION_LENGTH = 160

function describe(profile: LandingPageData['profile']): string {
  const bio = profile?.bio?.replace(/\s+/g, ' ').trim()
  if (bio) return bio.length > DESCRIPTION_LENGTH ? `${bio.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…` : bio
  const details = [profile?.genre, profile?.location].filter(Boolean).join(' from ')
  return `${profile?.name ?? 'Band Name'}${details ? ` — ${details}` : ''}: links, upcoming shows and merch.`
}

/** The public page: its head, the loader of its islands' script, and its body. */
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
      {islands && <IslandsScripts islands={islands} />}
      <LandingPage {...data} />
    </>
  )
}
