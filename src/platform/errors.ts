import type { ZodError } from 'zod'

import { firstMessagePerField } from '@/lib/zodIssues'

/**
 * The errors operations throw for the client to read, by kind of refusal: what went wrong, not
 * which HTTP status answers it. This module knows nothing of requests or responses and imports no
 * service: src/platform/http maps each kind to its status (and headers) and builds the answer.
 *
 * An error is recognised by its brand (a registry symbol, the same in every copy of this module),
 * not with `instanceof`: a bundle that carries its own copy of this file (Next's instrumentation
 * bundle, say) throws errors the routes' copy still recognises.
 */

export const ERROR_KINDS = [
  /** The request's data is wrong (400); `fields` says which field and why. */
  'invalid',
  /** Nobody is signed in, or the credentials are wrong (401). */
  'unauthenticated',
  /** The signed-in user (or the link) may not do this (403). */
  'forbidden',
  /** The record does not exist, or this caller may not know it does (404). */
  'notFound',
  /** The record's state does not allow this now (409). */
  'conflict',
  /** It existed and is no longer usable: a revoked or expired link (410). */
  'gone',
  /** The body or file is over its size limit (413). */
  'tooLarge',
  /** The body or file is of a type this does not take (415). */
  'unsupported',
  /** Too many attempts; `retryAfterSeconds`, when known, says how long to wait (429). */
  'tooMany',
  /** A service this needs (the payment provider, say) failed to answer properly (502). */
  'upstreamFailed',
  /** This cannot work right now: not configured, or the database is down (503). */
  'unavailable',
  /** A service this needs did not answer in time (504). */
  'upstreamTimedOut',
] as const

export type ErrorKind = (typeof ERROR_KINDS)[number]

/** The brand every domain error carries; `Symbol.for` gives every copy of this module the same one. */
export const DOMAIN_ERROR = Symbol.for('bandsite.domainError')

/** What the client is told about a refusal, whichever copy of this module made it. */
export interface DomainErrorLike {
  readonly [DOMAIN_ERROR]: true
  readonly kind: ErrorKind
  readonly message: string
  /** One message per field, keyed by dotted path. */
  readonly fields?: Record<string, string>
  /** How long to wait before trying again, in seconds. */
  readonly retryAfterSeconds?: number
}

export type ErrorDetails = Pick<DomainErrorLike, 'fields' | 'retryAfterSeconds'>

/** A refusal the client should read: its kind, its message and the details the answer needs. */
export class DomainError extends Error implements DomainErrorLike {
  readonly [DOMAIN_ERROR] = true as const
  readonly fields?: Record<string, string>
  readonly retryAfterSeconds?: number

  constructor(
    readonly kind: ErrorKind,
    message: string,
    details: ErrorDetails = {},
  ) {
    super(message)
    // Set by hand: a minified build loses class names.
    this.name = 'DomainError'
    if (details.fields) this.fields = details.fields
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds
  }
}

const KINDS: ReadonlySet<string> = new Set(ERROR_KINDS)

/** Whether `error` is a domain error (of `kind`, when given), from this copy of the module or another. */
export function isDomainError(error: unknown, kind?: ErrorKind): error is DomainErrorLike {
  if (typeof error !== 'object' || error === null) return false
  const e = error as Partial<Record<typeof DOMAIN_ERROR, unknown>> & { kind?: unknown; message?: unknown }
  return (
    e[DOMAIN_ERROR] === true &&
    typeof e.kind === 'string' &&
    KINDS.has(e.kind) &&
    typeof e.message === 'string' &&
    (kind === undefined || e.kind === kind)
  )
}

/** Whether the refusal is not the request's fault: a service the operation needs failed or is missing. */
export const isOutage = (error: unknown): boolean =>
  isDomainError(error) &&
  (error.kind === 'upstreamFailed' || error.kind === 'unavailable' || error.kind === 'upstreamTimedOut')

export const invalid = (message: string, fields?: Record<string, string>) =>
  new DomainError('invalid', message, { fields })
export const unauthenticated = (message: string) => new DomainError('unauthenticated', message)
export const forbidden = (message: string) => new DomainError('forbidden', message)
export const notFound = (message = 'Not found') => new DomainError('notFound', message)
export const conflict = (message: string, fields?: Record<string, string>) =>
  new DomainError('conflict', message, { fields })
export const gone = (message: string) => new DomainError('gone', message)
export const tooLarge = (message: string) => new DomainError('tooLarge', message)
export const unsupported = (message: string) => new DomainError('unsupported', message)
export const tooMany = (message: string, retryAfterSeconds?: number) =>
  new DomainError('tooMany', message, { retryAfterSeconds })
export const upstreamFailed = (message: string) => new DomainError('upstreamFailed', message)
export const unavailable = (message: string, retryAfterSeconds?: number) =>
  new DomainError('unavailable', message, { retryAfterSeconds })
export const upstreamTimedOut = (message: string) => new DomainError('upstreamTimedOut', message)

/** First message per field of a zod error, keyed by dotted path. */
export const fieldErrors = (error: ZodError): Record<string, string> => firstMessagePerField(error.issues)
