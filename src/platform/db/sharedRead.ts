/** The reads under way, by what they read. */
const underWay = new Map<string, Promise<unknown>>()

/**
 * Runs `read` once for every caller that asks for `key` while it is under way: they all get its
 * answer (the same object: callers must not change it). A read joined this way answers as of the
 * moment it started, at most one query's time before the caller asked, as if the caller had asked
 * that much earlier; the next caller after it returns reads again. For reads outside any
 * transaction that a crowd asks at once (a hundred buyers pricing the same shirt), so they make
 * one query instead of a hundred queued for the database's connections.
 */
export function sharedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const known = underWay.get(key)
  if (known) return known as Promise<T>
  const started = read().finally(() => underWay.delete(key))
  underWay.set(key, started)
  return started
}
