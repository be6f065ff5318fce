import { useSyncExternalStore } from 'react'

const neverChanges = () => () => {}

/**
 * False while a component is rendered on the server and while the browser hydrates it, true once
 * its script runs: a control that needs the script renders as waiting (or as its no-script form)
 * until then, so a click before the script arrives is never lost or sent the wrong way.
 */
export function useLive(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  )
}
