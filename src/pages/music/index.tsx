import { MusicListPage } from '@/landing/MusicPages'
import { getMusicListProps } from '@/landing/server/musicProps'

/* /music: static HTML from the cached public reads with no script, like the shows' list. */
export const config = { unstable_runtimeJS: false }

export const getStaticProps = getMusicListProps

export default MusicListPage
