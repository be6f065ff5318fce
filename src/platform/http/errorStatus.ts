import type { DomainErrorLike, ErrorKind } from '@/platform/errors'

/** The HTTP status that answers each kind of domain error: the one place that decides it. */
export const STATUS_OF_KIND: Readonly<Record<ErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  gone: 410,
  tooLarge: 413,
  unsupported: 415,
  tooMany: 429,
  upstreamFailed: 502,
  unavailable: 503,
  upstreamTimedOut: 504,
}

/** The status and headers that answer a domain error (Retry-After when it says how long to wait). */
export function answerOf(error: Pick<DomainErrorLike, 'kind' | 'retryAfterSeconds'>): {
  status: number
  headers?: Record<string, string>
} {
  const status = STATUS_OF_KIND[error.kind]
  return error.retryAfterSeconds === undefined
    ? { status }
    : { status, headers: { 'Retry-After': String(error.retryAfterSeconds) } }
}
