import { createRequire } from 'node:module'

import { describe, expect, it } from 'vitest'

import { unstorableTextPath } from '@/lib/storableText'
import { PAYPAL_WEBHOOK_MAX_BYTES } from '@/modules/shop/server/payments/webhook'
import { MAX_UPLOAD_BYTES } from '@/platform/storage/keys'

const limits = createRequire(import.meta.url)('../../../scripts/lib/requestHooks.cjs') as Record<string, number>

describe('the body limits in front of every route', () => {
  it('let through what the routes behind them take', () => {
    expect(limits.UPLOAD_LIMIT).toBeGreaterThanOrEqual(MAX_UPLOAD_BYTES)
    expect(limits.UPLOAD_LIMIT).toBeLessThan(MAX_UPLOAD_BYTES + 1024 * 1024)
    expect(limits.WEBHOOK_LIMIT).toBe(PAYPAL_WEBHOOK_MAX_BYTES)
    expect(limits.JSON_LIMIT).toBeGreaterThanOrEqual(64 * 1024)
    expect(limits.JSON_LIMIT).toBeLessThanOrEqual(512 * 1024)
  })
})

describe('unstorableTextPath', () => {
  it('names the first string or key the database cannot store', () => {
    expect(unstorableTextPath({ a: 'fine', b: ['ok', 'x\u0000'] })).toBe('b.1')
    expect(unstorableTextPath({ ['k\u0000']: 1 })).toBe('k\u0000')
    expect(unstorableTextPath('\ud800')).toBe('')
    expect(unstorableTextPath({ a: 'x\udc00' })).toBe('a')
  })

  it('lets everything else through, emoji (surrogate pairs) included', () => {
    expect(unstorableTextPath({ a: 'Ünïcödé 🎸', b: [1, null, true, { c: '' }] })).toBeNull()
    expect(unstorableTextPath(null)).toBeNull()
  })
})
