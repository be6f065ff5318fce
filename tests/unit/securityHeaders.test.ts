import { describe, expect, it } from 'vitest'

import {
  CHECKOUT_CONTENT_SECURITY_POLICY,
  CONTENT_SECURITY_POLICY,
  DASHBOARD_CONTENT_SECURITY_POLICY,
  securityHeaders,
} from '@/lib/securityHeaders'

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? []

describe('Content-Security-Policy', () => {
  it("public pages load only the site's own resources and cannot be framed", () => {
    expect(directive(CONTENT_SECURITY_POLICY, 'default-src')).toEqual(["'self'"])
    expect(directive(CONTENT_SECURITY_POLICY, 'frame-ancestors')).toEqual(["'none'"])
    expect(directive(CONTENT_SECURITY_POLICY, 'object-src')).toEqual(["'none'"])
    expect(directive(CONTENT_SECURITY_POLICY, 'connect-src')).toEqual(["'self'"])
    expect(CONTENT_SECURITY_POLICY).not.toContain('paypal')
  })

  it("/checkout adds PayPal's script, frames and API, and nothing else from outside", () => {
    expect(directive(CHECKOUT_CONTENT_SECURITY_POLICY, 'script-src')).toContain('https://www.paypal.com')
    expect(directive(CHECKOUT_CONTENT_SECURITY_POLICY, 'frame-src')).not.toContain("'none'")
    expect(directive(CHECKOUT_CONTENT_SECURITY_POLICY, 'frame-src')).toContain('https://*.paypal.com')
    expect(directive(CHECKOUT_CONTENT_SECURITY_POLICY, 'frame-ancestors')).toEqual(["'none'"])
    const outside = CHECKOUT_CONTENT_SECURITY_POLICY.match(/https:\/\/[^\s;]+/g) ?? []
    expect(outside.every((s) => /paypal(objects)?\.com$/.test(s))).toBe(true)
  })

  it('/admin may send uploads to an https bucket; HSTS only when the proxy reports https', () => {
    expect(directive(DASHBOARD_CONTENT_SECURITY_POLICY, 'connect-src')).toEqual(["'self'", 'https:'])
    const hsts = securityHeaders().find((rule) => rule.headers.some((h) => h.key === 'Strict-Transport-Security'))!
    expect(hsts.has).toEqual([{ type: 'header', key: 'x-forwarded-proto', value: 'https' }])
  })
})
