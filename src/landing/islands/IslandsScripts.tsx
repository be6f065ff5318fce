import { serializeJsonLd } from '@/lib/jsonLd'

import type { IslandsManifest } from '../manifest'
import { ISLANDS_LOADER, ISLANDS_MANIFEST_ELEMENT_ID } from './loader'

/**
 * The islands' data block and their loader, rendered before the page's content: the stylesheet
 * shows the text in its fallback fonts while the page has this block and no `web-fonts` class, so
 * the block must be parsed before any text is laid out. A page whose HTML arrives in pieces lays
 * out what it has parsed so far, and text laid out before the block would ask for the web font
 * before the first paint. The loader is a module script: it runs once the whole page is parsed,
 * wherever it stands.
 */
export function IslandsScripts({ islands }: { islands: IslandsManifest }) {
  return (
    <>
      <script
        type="application/json"
        id={ISLANDS_MANIFEST_ELEMENT_ID}
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(islands) }}
      />
      <script type="module" dangerouslySetInnerHTML={{ __html: ISLANDS_LOADER }} />
    </>
  )
}
