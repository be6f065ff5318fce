import type { ZodError } from 'zod'

import { firstMessagePerField } from '@/lib/zodIssues'

/**
 * The errors services throw for the client to read. This module knows nothing of requests or
 * responses and imports no service: src/platform/http turns these errors into answers.
 */

/** An error with the HTTP status and message the client should see. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, what)

/** First message per field of a zod error, keyed by dotted path. */
export const fieldErrors = (error: ZodError): Record<string, string> => firstMessagePerField(error.issues)
