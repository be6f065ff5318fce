import { ReleasePage } from '@/landing/MusicPages'
import { getReleasePageProps, getReleasePaths } from '@/landing/server/musicProps'

/* /music/{slug}: one release's page, static HTML from the cached public reads; its player is an island. */
export const config = { unstable_runtimeJS: false }

export const getStaticPaths = getReleasePaths
export const getStaticProps = getReleasePageProps

export default ReleasePage
