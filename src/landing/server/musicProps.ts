import type { GetStaticPaths, GetStaticProps } from 'next'

import type { MusicListProps, ReleasePageProps } from '../MusicPages'
import { isReleaseSlug } from '@/modules/music/contract/releaseSlug'
import { siteUrl } from '@/platform/runtime/env'
import { NOT_FOUND_CACHE_SECONDS } from '@/platform/cache/notFound.mjs'
import { getBandProfile, getPublicReleases, PUBLIC_REVALIDATE_SECONDS } from '@/modules/site/server/publicData'

import { readIslandsManifest } from './landingProps'

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

/** /music: the active releases, newest first. */
export const getMusicListProps: GetStaticProps<MusicListProps> = async () => {
  const [profile, releases] = await Promise.all([getBandProfile(), getPublicReleases()])
  return { props: plain({ siteUrl: siteUrl(), profile, releases }), revalidate: PUBLIC_REVALIDATE_SECONDS }
}

/** Release pages are rendered on first request, then served from the cache until a write drops them. */
export const getReleasePaths: GetStaticPaths = async () => ({ paths: [], fallback: 'blocking' })

/** /music/{slug}: the active release with that slug, or the 404 card. */
export const getReleasePageProps: GetStaticProps<ReleasePageProps, { slug: string }> = async ({ params }) => {
  const slug = params?.slug ?? ''
  if (!isReleaseSlug(slug)) return { notFound: true, revalidate: NOT_FOUND_CACHE_SECONDS }
  const [profile, releases] = await Promise.all([getBandProfile(), getPublicReleases()])
  const release = releases.find((r) => r.slug === slug)
  if (!release) return { notFound: true, revalidate: NOT_FOUND_CACHE_SECONDS }
  return {
    props: plain({ siteUrl: siteUrl(), profile, release, islands: readIslandsManifest() }),
    revalidate: PUBLIC_REVALIDATE_SECONDS,
  }
}
