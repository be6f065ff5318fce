import Head from 'next/head'

import { NoticeCard } from '@/components/public/NoticeCard'

/* The 404 card of the pages under src/pages (an unknown show); other paths get the app's own. */
export const config = { unstable_runtimeJS: false }

export default function NotFound() {
  return (
    <>
      <Head>
        <title>Page Not Found</title>
        <meta name="robots" content="noindex" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <NoticeCard title="Page Not Found" description="The page you are looking for does not exist." />
    </>
  )
}
