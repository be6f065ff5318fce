import { pickClientAddress } from '@/platform/http/clientAddressRules'

import { env } from '@/platform/runtime/env'
import { socketAddressHeader as preloadedHeader } from '@/platform/runtime/processState'

let warned = false

/** The header the server process puts the connection's address in (see scripts/lib/requestHooks.cjs). */
function socketAddressHeader(): string | null {
  const name = preloadedHeader()
  if (name) return name
  if (!warned) {
    warned = true
    console.warn(
      'The connection address is unknown (start the site with `npm start`): per-address limits count all clients together.',
    )
  }
  return null
}

/** The client's address, from the connection or, with TRUST_PROXY_HOPS, the trusted proxies' header. */
export function clientAddressOf(headers: Headers): string {
  const header = socketAddressHeader()
  return pickClientAddress({
    forwardedFor: headers.get('x-forwarded-for'),
    socketAddress: header ? headers.get(header) : null,
    hops: Number(env().TRUST_PROXY_HOPS ?? 0),
  })
}
