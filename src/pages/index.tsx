import { HomePage } from '@/landing/HomePage'
import { getLandingProps } from '@/landing/server/landingProps'

/*
 * The public page (also at /landing and /merch), built in src/landing: static HTML from the cache,
 * rendered again only when a write invalidates what it shows, or hourly (which also drops past
 * shows). It loads none of the framework's client runtime; its interactive parts are islands
 * hydrated by one small script.
 */
export const config = { unstable_runtimeJS: false }

export const getStaticProps = getLandingProps

export default HomePage
