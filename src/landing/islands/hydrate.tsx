/**
 * The landing page's only script: hydrates each island (./Island.tsx) as a root of its own, then
 * marks <html data-hydrated="true"> once every one has committed and the saved cart is read.
 *
 * Built by scripts/build-islands.ts into the site's static files; the page links the built file.
 */
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'

import { cartRestored } from '@/modules/shop/ui/cart/useCart.client'

import { ISLAND_ATTRIBUTE, IslandRoot, ISLANDS, islandIdPrefix, type IslandName } from './registry'
import { nextTask } from './nextTask'

/** Hydrates one island; resolves once its first render has committed. */
function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.getAttribute(ISLAND_ATTRIBUTE) as IslandName
  const Component = ISLANDS[name] as ((props: object) => React.ReactNode) | undefined
  if (!Component) return Promise.resolve()
  // The server wrote these props with JSON.stringify (./Island.tsx).
  const props = JSON.parse(element.dataset.props ?? '{}') as object
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread until every island is done: a tap or a scroll is never kept waiting by it.
  return new Promise((resolve) =>
    startTransition(() => {
      hydrateRoot(
        element,
        <IslandRoot onCommit={resolve}>
          <Component {...props} />
        </IslandRoot>,
        { identifierPrefix: islandIdPrefix(name) },
      )
    }),
  )
}

/**
 * Makes each island's root in a task of its own, in the page's order. Making a root is not free
 * (React listens on its element for every event it handles, well over a hundred listeners), so
 * making all of them while the module is evaluated held the main thread for one long task.
 */
async function hydrateIslands(): Promise<void> {
  const hydrations: Promise<void>[] = []
  for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    await nextTask()
    hydrations.push(hydrateIsland(element))
  }
  await Promise.all(hydrations)
}

void Promise.all([hydrateIslands(), cartRestored()]).then(() => {
  document.documentElement.dataset.hydrated = 'true'
})
