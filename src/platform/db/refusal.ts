import { APIError } from 'payload'

import { DOMAIN_ERROR, type DomainErrorLike, type ErrorKind } from '@/platform/errors'
import { STATUS_OF_KIND } from '@/platform/http/errorStatus'

/**
 * An expected refusal from a Payload hook. Payload's own API (REST and /cms) reads an error's
 * `status`, so it answers with the status of the refusal's kind and its message as it is written
 * (and `retryAfter` in the error's data when there is one); the site's routes recognise it by its
 * brand, as any domain error. The name is set by hand: a minified build loses class names, and
 * Payload answers "An unknown error occurred." for an error without one.
 */
export class Refusal extends APIError implements DomainErrorLike {
  readonly [DOMAIN_ERROR] = true as const
  readonly retryAfterSeconds?: number

  constructor(
    readonly kind: ErrorKind,
    message: string,
    { retryAfterSeconds }: { retryAfterSeconds?: number } = {},
  ) {
    super(
      message,
      STATUS_OF_KIND[kind],
      retryAfterSeconds === undefined ? null : { retryAfter: retryAfterSeconds },
      true,
    )
    this.name = 'Refusal'
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = retryAfterSeconds
  }
}
