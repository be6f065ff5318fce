import { useSyncExternalStore } from 'react'

const neverChanges = () => () => {}

/**
 * False while an island is rendered on the server and while the browser hydrates it, true once it
 * is live: a control that needs the script renders as waiting (or as its no-script form) until then.
 */
export function useIslandLive(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  )
}
