import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import {
  CONTENT_SECURITY_POLICY,
  landingContentSecurityPolicy,
  pageContentSecurityPolicy,
  scriptHashSource,
  securityHeaders,
} from '@/platform/http/securityHeaders'

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? []

// Any fixed inline script (the landing page's is its islands loader).
const ISLANDS_LOADER = "import('/_next/static/islands/islands.js')"

const CHECKOUT = pageContentSecurityPolicy('/checkout', 'n0nce')
const DASHBOARD = pageContentSecurityPolicy('/admin', 'n0nce')

describe('Content-Security-Policy', () => {
  it("public pages load only the site's own resources and cannot be framed", () => {
    expect(directive(CONTENT_SECURITY_POLICY, 'default-src')).toEqual(["'self'"])
    expect(directive(CONTENT_SECURITY_POLICY, 'frame-ancestors')).toEqual(["'none'"])
    expect(directive(CONTENT_SECURITY_POLICY, 'object-src')).toEqual(["'none'"])
    expect(directive(CONTENT_SECURITY_POLICY, 'connect-src')).toEqual(["'self'"])
    expect(CONTENT_SECURITY_POLICY).not.toContain('paypal')
  })

  it("no policy allows inline scripts as such: pages name this answer's nonce, the landing page its loader's hash", async () => {
    const landing = await landingContentSecurityPolicy([ISLANDS_LOADER])
    const hash = `'sha256-${createHash('sha256').update(ISLANDS_LOADER).digest('base64')}'`
    expect(await scriptHashSource(ISLANDS_LOADER)).toBe(hash)
    expect(directive(landing, 'script-src')).toEqual(["'self'", hash])
    expect(directive(CONTENT_SECURITY_POLICY, 'script-src')).toEqual(["'self'"])
    for (const path of ['/checkout', '/admin', '/login', '/success', '/cms', '/no-such-page'])
      expect(directive(pageContentSecurityPolicy(path, 'n0nce'), 'script-src').slice(0, 2), path).toEqual([
        "'self'",
        "'nonce-n0nce'",
      ])
    for (const policy of [landing, CONTENT_SECURITY_POLICY, CHECKOUT, DASHBOARD])
      expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'")
  })

  it("/checkout adds PayPal's script, frames and API, and nothing else from outside", () => {
    expect(directive(CHECKOUT, 'script-src')).toContain('https://www.paypal.com')
    expect(directive(CHECKOUT, 'frame-src')).not.toContain("'none'")
    expect(directive(CHECKOUT, 'frame-src')).toContain('https://*.paypal.com')
    expect(directive(CHECKOUT, 'frame-ancestors')).toEqual(["'none'"])
    const outside = CHECKOUT.match(/https:\/\/[^\s;]+/g) ?? []
    expect(outside.every((s) => /paypal(objects)?\.com$/.test(s))).toBe(true)
    for (const path of ['/', '/admin', '/cms', '/checkout/x', '/success'])
      expect(pageContentSecurityPolicy(path, 'n0nce'), path).not.toContain('paypal')
  })

  it('/admin may send uploads to an https bucket; HSTS only when the proxy reports https', async () => {
    expect(directive(DASHBOARD, 'connect-src')).toEqual(["'self'", 'https:'])
    const rules = await securityHeaders({ landingInlineScripts: [ISLANDS_LOADER] })
    const hsts = rules.find((rule) => rule.headers.some((h) => h.key === 'Strict-Transport-Security'))!
    expect(hsts.has).toEqual([{ type: 'header', key: 'x-forwarded-proto', value: 'https' }])
  })
})
