import Head from 'next/head'

/** What a public page tells browsers, search engines and link previews about itself. */
export type PageMeta = {
  title: string
  description: string
  /** The page's canonical, absolute URL. */
  url: string
  siteName: string
  /** An absolute image URL for link previews, with its alt text. */
  image?: { url: string; alt: string } | null
  /** Open Graph type. */
  type?: string
}

type Tag = { element: 'meta' | 'link'; attributes: Record<string, string> }

/** Every head tag of a public page, from its description: one list, rendered by `PageHead`. */
export function headTags({ title, description, url, siteName, image, type = 'website' }: PageMeta): Tag[] {
  const meta = (key: 'name' | 'property', name: string, content: string): Tag => ({
    element: 'meta',
    attributes: { [key]: name, content },
  })
  const link = (attributes: Record<string, string>): Tag => ({ element: 'link', attributes })
  return [
    meta('name', 'viewport', 'width=device-width, initial-scale=1'),
    meta('name', 'theme-color', '#0c0a1d'),
    meta('name', 'description', description),
    link({ rel: 'canonical', href: url }),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:site_name', siteName),
    ...(image ? [meta('property', 'og:image', image.url), meta('property', 'og:image:alt', image.alt)] : []),
    meta('property', 'og:type', type),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image.url)] : []),
    link({ rel: 'icon', href: '/icon.svg', sizes: 'any', type: 'image/svg+xml' }),
  ]
}

/** The page's <title> and head tags. */
export function PageHead(meta: PageMeta) {
  return (
    <Head>
      <title>{meta.title}</title>
      {headTags(meta).map(({ element: Element, attributes }) => {
        const key = Object.values(attributes).slice(0, 2).join(':')
        return <Element key={key} {...attributes} />
      })}
    </Head>
  )
}
