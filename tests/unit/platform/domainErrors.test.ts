import { afterEach, describe, expect, it, vi } from 'vitest'

import { Refusal } from '@/platform/db/refusal'
import {
  conflict,
  DOMAIN_ERROR,
  ERROR_KINDS,
  forbidden,
  gone,
  invalid,
  isDomainError,
  isOutage,
  notFound,
  tooLarge,
  tooMany,
  unauthenticated,
  unavailable,
  unsupported,
  upstreamFailed,
  upstreamTimedOut,
  type DomainError,
  type ErrorKind,
} from '@/platform/errors'
import { toErrorResponse } from '@/platform/http'
import { STATUS_OF_KIND } from '@/platform/http/errorStatus'

const EXPECTED: Record<ErrorKind, { make: (message: string) => DomainError; status: number }> = {
  invalid: { make: (m) => invalid(m), status: 400 },
  unauthenticated: { make: unauthenticated, status: 401 },
  forbidden: { make: forbidden, status: 403 },
  notFound: { make: notFound, status: 404 },
  conflict: { make: (m) => conflict(m), status: 409 },
  gone: { make: gone, status: 410 },
  tooLarge: { make: tooLarge, status: 413 },
  unsupported: { make: unsupported, status: 415 },
  tooMany: { make: (m) => tooMany(m), status: 429 },
  upstreamFailed: { make: upstreamFailed, status: 502 },
  unavailable: { make: (m) => unavailable(m), status: 503 },
  upstreamTimedOut: { make: upstreamTimedOut, status: 504 },
}

afterEach(() => vi.restoreAllMocks())

describe('the map from domain error to answer', () => {
  it.each(ERROR_KINDS)('answers %s with its status and its message', async (kind) => {
    const { make, status } = EXPECTED[kind]
    const error = make(`A ${kind} refusal.`)
    expect(error.kind).toBe(kind)
    expect(STATUS_OF_KIND[kind]).toBe(status)
    const res = toErrorResponse(error)
    expect(res.status).toBe(status)
    expect(await res.json()).toEqual({ message: `A ${kind} refusal.` })
    expect(res.headers.get('Retry-After')).toBeNull()
  })

  it('maps every kind, and no kind twice to the same status', () => {
    expect(Object.keys(STATUS_OF_KIND).sort()).toEqual([...ERROR_KINDS].sort())
    expect(new Set(Object.values(STATUS_OF_KIND)).size).toBe(ERROR_KINDS.length)
  })

  it('sends the field messages and Retry-After the error carries', async () => {
    const res = toErrorResponse(invalid('Please check the highlighted fields.', { email: 'Enter an email' }))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      message: 'Please check the highlighted fields.',
      errors: { email: 'Enter an email' },
    })
    const limited = toErrorResponse(tooMany('Too many requests. Try again in 2 minutes.', 120))
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toBe('120')
    expect(toErrorResponse(conflict('Taken', { code: 'Taken' })).status).toBe(409)
  })

  it('recognises an error branded by another copy of the module, not made by its class', async () => {
    const copy = Object.assign(new Error('This till link was revoked.'), {
      [Symbol.for('bandsite.domainError')]: true,
      kind: 'gone',
    })
    expect(copy[DOMAIN_ERROR]).toBe(true)
    expect(isDomainError(copy)).toBe(true)
    expect(isDomainError(copy, 'gone')).toBe(true)
    expect(isDomainError(copy, 'notFound')).toBe(false)
    const res = toErrorResponse(copy)
    expect(res.status).toBe(410)
    expect(await res.json()).toEqual({ message: 'This till link was revoked.' })
    const plain = { [Symbol.for('bandsite.domainError')]: true, kind: 'forbidden', message: 'No.' }
    expect(toErrorResponse(plain).status).toBe(403)
  })
})

describe('errors that are not domain errors, and the refusals of Payload hooks', () => {
  it('answers anything else with a 500 that tells nothing of the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const unbranded = Object.assign(new Error('secret detail'), { kind: 'forbidden', status: 403 })
    const unknownKind = Object.assign(new Error('secret detail'), {
      [Symbol.for('bandsite.domainError')]: true,
      kind: 'teapot',
    })
    for (const error of [unbranded, unknownKind, new Error('secret detail'), 'secret detail']) {
      expect(isDomainError(error)).toBe(false)
      const res = toErrorResponse(error)
      expect(res.status).toBe(500)
      const text = await res.text()
      expect(text).not.toContain('secret detail')
      expect(text).not.toContain('at ')
    }
    expect(logged).toHaveBeenCalledTimes(4)
  })

  it('answers an unreachable database with 503 and Retry-After', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = toErrorResponse(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
    expect(res.status).toBe(503)
    expect(res.headers.get('Retry-After')).toBe('30')
  })

  it("gives a Payload hook's refusal its kind's status, for Payload's API and the site's routes alike", async () => {
    const refusal = new Refusal('conflict', 'The band needs at least one active owner.')
    expect(refusal.status).toBe(409)
    expect(refusal.isPublic).toBe(true)
    expect(refusal.name).toBe('Refusal')
    expect(isDomainError(refusal, 'conflict')).toBe(true)
    const res = toErrorResponse(refusal)
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ message: 'The band needs at least one active owner.' })
    const limited = new Refusal('tooMany', 'Too many sign-in attempts.', { retryAfterSeconds: 60 })
    expect(limited.status).toBe(429)
    expect(limited.data).toEqual({ retryAfter: 60 })
  })

  it('tells an outage (the provider or the database) from a refusal of the request', () => {
    expect(isOutage(upstreamFailed('x'))).toBe(true)
    expect(isOutage(upstreamTimedOut('x'))).toBe(true)
    expect(isOutage(unavailable('x'))).toBe(true)
    expect(isOutage(conflict('x'))).toBe(false)
    expect(isOutage(new Error('x'))).toBe(false)
  })
})
