import type { GetStaticPaths, GetStaticProps } from 'next'

import type { ShowPageProps, ShowsListProps } from '../ShowsPages'
import { isShowSlug } from '@/modules/shows/contract/showSlug'
import { showDay } from '@/platform/time/showTime'
import { siteUrl } from '@/platform/runtime/env'
import { NOT_FOUND_CACHE_SECONDS } from '@/platform/cache/notFound.mjs'
import { getBandProfile, getPublicShows, PUBLIC_REVALIDATE_SECONDS } from '@/modules/site/server/publicData'

/** Today's day in UTC ("YYYY-MM-DD"): a show dated today is still upcoming, as on the public page. */
const today = () => new Date().toISOString().slice(0, 10)

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

/** /shows: upcoming shows soonest first, then past ones newest first. */
export const getShowsListProps: GetStaticProps<ShowsListProps> = async () => {
  const [profile, shows] = await Promise.all([getBandProfile(), getPublicShows()])
  const day = today()
  const upcoming = shows.filter((s) => showDay(s.date) >= day)
  const past = shows.filter((s) => showDay(s.date) < day).reverse()
  return { props: plain({ siteUrl: siteUrl(), profile, upcoming, past }), revalidate: PUBLIC_REVALIDATE_SECONDS }
}

/** Show pages are rendered on first request, then served from the cache until a write drops them. */
export const getShowPaths: GetStaticPaths = async () => ({ paths: [], fallback: 'blocking' })

/** /shows/{slug}: the active show with that slug, or the 404 card. */
export const getShowPageProps: GetStaticProps<ShowPageProps, { slug: string }> = async ({ params }) => {
  const slug = params?.slug ?? ''
  if (!isShowSlug(slug)) return { notFound: true, revalidate: NOT_FOUND_CACHE_SECONDS }
  const [profile, shows] = await Promise.all([getBandProfile(), getPublicShows()])
  const show = shows.find((s) => s.slug === slug)
  if (!show) return { notFound: true, revalidate: NOT_FOUND_CACHE_SECONDS }
  return { props: plain({ siteUrl: siteUrl(), profile, show }), revalidate: PUBLIC_REVALIDATE_SECONDS }
}
