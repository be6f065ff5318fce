/**
 * The client's address for per-address limits. With `hops` trusted reverse proxies in front, each
 * appending the address it saw to X-Forwarded-For, the client is the `hops`-th entry from the
 * right (entries further left were written by the client and prove nothing). With no trusted
 * proxy (0), only the connection's own address counts.
 */
export function pickClientAddress({
  forwardedFor,
  socketAddress,
  hops,
}: {
  forwardedFor: string | null
  socketAddress: string | null
  hops: number
}): string {
  if (hops > 0 && forwardedFor) {
    const entries = forwardedFor
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    if (entries.length > 0) return normalise(entries[Math.max(0, entries.length - hops)]!)
  }
  return socketAddress ? normalise(socketAddress) : 'unknown'
}

/** IPv4 clients of a dual-stack socket show as ::ffff:a.b.c.d; one client has one key. */
const normalise = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1').toLowerCase()
