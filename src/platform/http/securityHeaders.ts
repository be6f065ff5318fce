/**
 * Security headers for every response. The Content-Security-Policy allows what the site itself
 * loads: its own scripts, styles, fonts and images. No page allows inline scripts as such
 * (JSON-LD and the landing page's manifest are data, not script):
 * - the landing page is static and cached, so its policy is static too, the same for everyone: it
 *   allows its one inline script, the islands loader, by that script's hash;
 * - every other page is rendered per request, and the proxy gives each answer a policy of its own
 *   with a fresh nonce, which Next puts on its bootstrap scripts;
 * - anything else (API answers, files) runs no script but the site's own.
 * Inline styles stay allowed (the band's theme is an inline style). PayPal's script, frames and API
 * are allowed on /checkout only; the dashboard may also send uploads to an S3-compatible bucket over
 * https.
 */

import { PUBLIC_PAGE_PATHS, SHOWS_PAGE_PATHS } from './caching'

/** The music list runs no script; a release's page runs the landing page's islands script. */
const MUSIC_LIST_PATH = '/music'
const RELEASE_PAGE_PATH = '/music/:slug'

type Directives = Record<string, string[]>

const BASE: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
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

/** Answers that are no page (API answers, stylesheets, scripts): nothing inline runs. */
export const CONTENT_SECURITY_POLICY = policy()
export const FILE_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox"

/** The CSP source allowing one inline script by its text: `'sha256-…'`. */
export async function scriptHashSource(script: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script))
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`
}

/** The landing page's policy: its fixed inline scripts, allowed by their hashes. */
export async function landingContentSecurityPolicy(inlineScripts: string[]): Promise<string> {
  return policy({ 'script-src': await Promise.all(inlineScripts.map(scriptHashSource)) })
}

/** What a page adds to the base policy, by its path. */
function pageDirectives(pathname: string): Directives {
  if (pathname === '/checkout')
    return { 'script-src': PAYPAL, 'frame-src': PAYPAL, 'connect-src': PAYPAL, 'img-src': PAYPAL, 'style-src': PAYPAL }
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return { 'connect-src': ['https:'] }
  // Payload's admin (/cms) works with the base policy: its scripts are Next's (with the nonce) and
  // its own files, its styles partly inline. Its JSON and code fields' editor (Monaco) would load
  // from cdn.jsdelivr.net; no other site is allowed here, so such a field gets no editor.
  return {}
}

/** A page rendered per request: inline scripts only with this answer's nonce. */
export function pageContentSecurityPolicy(pathname: string, nonce: string): string {
  const extra = pageDirectives(pathname)
  return policy({ ...extra, 'script-src': [`'nonce-${nonce}'`, ...(extra['script-src'] ?? [])] })
}

/** A fresh nonce for one answer: 128 random bits, base64. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
}

type HeaderRule = {
  source: string
  has?: { type: 'header'; key: string; value: string }[]
  headers: { key: string; value: string }[]
}

/**
 * next.config `headers()`: for one header key, a later matching rule replaces an earlier one, and
 * the proxy's policy (on every other page) replaces these.
 */
export async function securityHeaders({
  landingInlineScripts,
}: {
  landingInlineScripts: string[]
}): Promise<HeaderRule[]> {
  const landing = await landingContentSecurityPolicy(landingInlineScripts)
  const noScript = await landingContentSecurityPolicy([])
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
    ...PUBLIC_PAGE_PATHS.map((source) => ({ source, headers: [{ key: 'Content-Security-Policy', value: landing }] })),
    // The shows' pages run no script at all.
    ...SHOWS_PAGE_PATHS.map((source) => ({ source, headers: [{ key: 'Content-Security-Policy', value: noScript }] })),
    { source: MUSIC_LIST_PATH, headers: [{ key: 'Content-Security-Policy', value: noScript }] },
    { source: RELEASE_PAGE_PATH, headers: [{ key: 'Content-Security-Policy', value: landing }] },
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
