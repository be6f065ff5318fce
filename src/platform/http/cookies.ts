/**
 * Auth cookies are Secure in production. Browsers accept Secure cookies from http://localhost,
 * so the default local install still signs in; any other plain-http production host cannot keep a
 * Secure cookie, so there they are sent without the flag (serve the site over https).
 */
export function secureCookies(): boolean {
  if (process.env.NODE_ENV !== 'production') return false
  const site = process.env.SITE_URL
  if (!site) return true
  try {
    const url = new URL(site)
    return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  } catch {
    return true
  }
}
