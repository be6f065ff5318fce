import { describe, expect, it } from 'vitest'

import { pickClientAddress } from '@/platform/http/clientAddressRules'
import { isLoopbackUrl } from '@/lib/loopback'
import { EnvError, parseEnv } from '@/platform/runtime/env'

describe('the client address for per-address limits', () => {
  it('with no trusted proxy, a forged X-Forwarded-For never chooses the address', () => {
    expect(pickClientAddress({ forwardedFor: '203.0.113.7', socketAddress: '198.51.100.1', hops: 0 })).toBe(
      '198.51.100.1',
    )
    expect(
      pickClientAddress({ forwardedFor: '203.0.113.7, 10.0.0.1', socketAddress: '::ffff:198.51.100.1', hops: 0 }),
    ).toBe('198.51.100.1')
    expect(pickClientAddress({ forwardedFor: null, socketAddress: null, hops: 0 })).toBe('unknown')
  })

  it('behind N proxies, the Nth entry from the right', () => {
    const header = 'forged-by-client, 203.0.113.9, 10.0.0.2'
    expect(pickClientAddress({ forwardedFor: header, socketAddress: '10.0.0.3', hops: 1 })).toBe('10.0.0.2')
    expect(pickClientAddress({ forwardedFor: header, socketAddress: '10.0.0.3', hops: 2 })).toBe('203.0.113.9')
    // Fewer entries than proxies: the leftmost, never an empty key.
    expect(pickClientAddress({ forwardedFor: '203.0.113.9', socketAddress: '10.0.0.3', hops: 3 })).toBe('203.0.113.9')
    expect(pickClientAddress({ forwardedFor: '', socketAddress: '10.0.0.3', hops: 1 })).toBe('10.0.0.3')
  })

  it('IPv6 clients count by their /64 network: one household or server has many addresses of it', () => {
    const of = (address: string) => pickClientAddress({ forwardedFor: null, socketAddress: address, hops: 0 })
    expect(of('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(of('2001:DB8:1:2::9')).toBe('2001:db8:1:2::/64')
    expect(of('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(of('2001:db8:0:0:ffff::1')).toBe('2001:db8:0:0::/64')
    expect(of('2001:db8:1:3::9')).not.toBe(of('2001:db8:1:2::9'))
    expect(of('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(of('::1')).toBe('0:0:0:0::/64')
    // IPv4, also as a dual-stack socket shows it, stays one address.
    expect(of('::ffff:198.51.100.1')).toBe('198.51.100.1')
    expect(of('198.51.100.1')).toBe('198.51.100.1')
    expect(pickClientAddress({ forwardedFor: '2001:db8:5:6::1', socketAddress: '10.0.0.3', hops: 1 })).toBe(
      '2001:db8:5:6::/64',
    )
    // Whatever a proxy wrote that is no address is kept as it is, lowercased.
    expect(of('Not-An-Address')).toBe('not-an-address')
  })
})

describe('loopback SITE_URLs (the only ones that default to test payments)', () => {
  it.each([
    ['http://localhost:3000', true],
    ['http://127.0.0.1:8080', true],
    ['http://127.5.6.7', true],
    ['http://[::1]:3000', true],
    ['http://shop.localhost', true],
    ['https://band.example', false],
    ['http://localhost.band.example', false],
    ['http://128.0.0.1', false],
    ['http://10.0.0.5:3000', false],
    ['not a url', false],
  ])('%s → %s', (url, loopback) => {
    expect(isLoopbackUrl(url)).toBe(loopback)
  })
})

describe('TRUST_PROXY_HOPS and PAYMENT_PROVIDER in the environment', () => {
  it('TRUST_PROXY_HOPS is a small non-negative whole number', () => {
    expect(parseEnv({ TRUST_PROXY_HOPS: '0' }).TRUST_PROXY_HOPS).toBe('0')
    expect(parseEnv({ TRUST_PROXY_HOPS: '2' }).TRUST_PROXY_HOPS).toBe('2')
    for (const bad of ['-1', 'one', '1.5', '99'])
      expect(() => parseEnv({ TRUST_PROXY_HOPS: bad })).toThrow(/TRUST_PROXY_HOPS/)
  })

  it('PAYMENT_PROVIDER=paypal needs the PayPal credentials', () => {
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'paypal' })).toThrow(EnvError)
    expect(
      parseEnv({ PAYMENT_PROVIDER: 'paypal', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }).PAYMENT_PROVIDER,
    ).toBe('paypal')
  })
})
