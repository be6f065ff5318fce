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
    if (entries.length > 0) return limitKey(entries[Math.max(0, entries.length - hops)]!)
  }
  return socketAddress ? limitKey(socketAddress) : 'unknown'
}

/**
 * One client, one key. IPv4 clients of a dual-stack socket show as ::ffff:a.b.c.d and count as
 * that IPv4 address. An IPv6 client counts by its /64 network, the smallest block a provider
 * hands out, since it can pick any address inside it.
 */
function limitKey(address: string): string {
  const value = address.toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value)
  if (mapped) return mapped[1]!
  const network = ipv6Network(value)
  return network ? `${network}::/64` : value
}

/** The first four groups of an IPv6 address (zone removed, `::` expanded), or null when it is none. */
function ipv6Network(address: string): string | null {
  const bare = address.replace(/%.*$/, '')
  if (!bare.includes(':') || !/^[0-9a-f:.]+$/.test(bare)) return null
  const halves = bare.split('::')
  if (halves.length > 2) return null
  const groupsOf = (part: string) => (part ? part.split(':') : [])
  const head = groupsOf(halves[0]!)
  const tail = groupsOf(halves[1] ?? '')
  // An embedded IPv4 address at the end takes the place of two groups.
  const tailGroups = tail.length > 0 && tail.at(-1)!.includes('.') ? tail.length + 1 : tail.length
  const missing = 8 - head.length - tailGroups
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  const network = groups.slice(0, 4)
  if (network.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null
  return network.map((group) => group.replace(/^0+(?=.)/, '')).join(':')
}
