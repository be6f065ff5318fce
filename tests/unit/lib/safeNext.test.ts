import { describe, expect, it } from 'vitest'

import { safeNextPath } from '@/lib/safeNext'

const SITE = 'https://band.example'

describe('where sign-in leads (?next=)', () => {
  it.each([
    // Encoded, the tab is just part of a path on this site.
    ['/%09/evil.example', '/%09/evil.example'],
    ['/\t/evil.example', '/admin'],
    ['//evil.example', '/admin'],
    ['/\\evil.example', '/admin'],
    ['https://evil.example/admin', '/admin'],
    ['javascript:alert(1)', '/admin'],
    ['/.//evil.example', '/evil.example'],
    ['/admin', '/admin'],
    ['/admin?tab=orders#top', '/admin?tab=orders#top'],
    ['https://band.example/checkout', '/checkout'],
    ['', '/admin'],
  ])('%j → %j', (next, expected) => {
    expect(safeNextPath(next, SITE)).toBe(expected)
  })
})
