/**
 * Where to go after signing in: `next` resolved against the site's own address, kept only when it
 * stays on that origin, and reduced to its path, query and hash (so `/%09/evil.example`, `//x` or
 * `https://x` cannot send the browser to another site).
 */
export function safeNextPath(next: string | string[] | undefined, siteUrl: string, fallback = '/admin'): string {
  const value = Array.isArray(next) ? next[0] : next
  if (!value) return fallback
  try {
    const base = new URL(siteUrl)
    const target = new URL(value, base)
    if (target.origin !== base.origin) return fallback
    return target.pathname.replace(/^\/+/, '/') + target.search + target.hash
  } catch {
    return fallback
  }
}
