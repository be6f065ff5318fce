import { ShowDetailPage } from '@/landing/ShowsPages'
import { getShowPageProps, getShowPaths } from '@/landing/server/showsProps'

/* /shows/{slug}: one show's page, static HTML from the cached public reads with no script. */
export const config = { unstable_runtimeJS: false }

export const getStaticPaths = getShowPaths
export const getStaticProps = getShowPageProps

export default ShowDetailPage
