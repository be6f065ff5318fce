import { renderToString } from 'react-dom/server'

import { IslandRoot, ISLANDS, islandIdPrefix, type IslandName, type IslandProps } from './registry'

/**
 * One interactive part of a static page: rendered here as a React root of its own (so its markup
 * and generated ids are exactly what the browser's hydration of that root produces), inside an
 * element that carries its name and props for ./hydrate.tsx. The element is `display: contents`,
 * so it takes no part in the layout.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const Component = ISLANDS[name] as (props: object) => React.ReactNode
  const html = renderToString(
    <IslandRoot>
      <Component {...(props as object)} />
    </IslandRoot>,
    { identifierPrefix: islandIdPrefix(name) },
  )
  return (
    <div
      data-island={name}
      data-props={JSON.stringify(props)}
      className="contents"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
