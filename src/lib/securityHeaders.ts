/**
 * Security headers for every response, static so that cached public pages stay the same for
 * everyone. The Content-Security-Policy allows what the site itself loads: its own scripts,
 * styles, fonts and images (Next's inline bootstrap scripts and the inline theme style need
 * 'unsafe-inline'; JSON-LD is data, not script). PayPal's script, frames and API are allowed on
 * /checkout only; the dashboard may also send uploads to an S3-compatible bucket over https.
 */

type Directives = Record<string, string[]>

const BASE: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'unsafe-inline'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
}

const PAYPAL = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com']

function policy(extra: Directives = {}): string {
  return Object.entries(BASE)
    .map(([name, sources]) => {
      const more = extra[name] ?? []
      const list = sources.includes("'none'") && more.length > 0 ? more : [...sources, ...more]
      return `${name} ${list.join(' ')}`
    })
    .join('; ')
}

export const CONTENT_SECURITY_POLICY = policy()
export const CHECKOUT_CONTENT_SECURITY_POLICY = policy({
  'script-src': PAYPAL,
  'frame-src': PAYPAL,
  'connect-src': PAYPAL,
  'img-src': PAYPAL,
  'style-src': PAYPAL,
})
export const FILE_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox"
export const DASHBOARD_CONTENT_SECURITY_POLICY = policy({ 'connect-src': ['https:'] })

type HeaderRule = {
  source: string
  has?: { type: 'header'; key: string; value: string }[]
  headers: { key: string; value: string }[]
}

/** next.config `headers()`: for one header key, a later matching rule replaces an earlier one. */
export function securityHeaders(): HeaderRule[] {
  return [
    {
      source: '/:path*',
      headers: [
        { key: 'Content-Security-Policy', value: CONTENT_SECURITY_POLICY },
        { key: 'X-Frame-Options', value: 'DENY' },
        { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        { key: 'X-Content-Type-Options', value: 'nosniff' },
      ],
    },
    { source: '/checkout', headers: [{ key: 'Content-Security-Policy', value: CHECKOUT_CONTENT_SECURITY_POLICY }] },
    { source: '/admin', headers: [{ key: 'Content-Security-Policy', value: DASHBOARD_CONTENT_SECURITY_POLICY }] },
    // Uploaded files are never pages: nothing runs in them, even when opened directly.
    { source: '/objects/:path*', headers: [{ key: 'Content-Security-Policy', value: FILE_CONTENT_SECURITY_POLICY }] },
    {
      // Only over https, as the TLS-terminating proxy reports it (browsers ignore HSTS over http anyway).
      source: '/:path*',
      has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
      headers: [{ key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' }],
    },
  ]
}
