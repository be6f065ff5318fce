import { ShowsListPage } from '@/landing/ShowsPages'
import { getShowsListProps } from '@/landing/server/showsProps'

/* /shows: static HTML from the cached public reads with no script, like the public page. */
export const config = { unstable_runtimeJS: false }

export const getStaticProps = getShowsListProps

export default ShowsListPage
