import { APIError, ValidationError } from 'payload'
import { z, ZodError } from 'zod'

import { PRIVATE_CACHE_CONTROL } from '@/platform/http/caching'
import { isUuid } from '@/lib/ids'
import { jsonNestsDeeperThan, TOO_DEEP_MESSAGE } from '@/lib/jsonDepth'
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from '@/lib/storableText'
import { DATABASE_UNAVAILABLE_MESSAGE } from '@/platform/db/unavailable'

import { answerOf } from '@/platform/http/errorStatus'
import {
  fieldErrors,
  invalid,
  isDomainError,
  type DomainErrorLike,
  notFound,
  tooLarge,
  unavailable,
  unsupported,
} from '@/platform/errors'

export function json(data: unknown, init: number | ResponseInit = 200): Response {
  const options = typeof init === 'number' ? { status: init } : init
  return Response.json(data, {
    ...options,
    headers: { 'Cache-Control': PRIVATE_CACHE_CONTROL, ...(options.headers as Record<string, string> | undefined) },
  })
}

export function errorResponse(
  status: number,
  message: string,
  fields?: Record<string, string>,
  headers?: Record<string, string>,
) {
  return json(fields ? { message, errors: fields } : { message }, { status, headers })
}

const MAX_JSON_BYTES = 64 * 1024

/** Reads a JSON body (415 unless JSON, 413 when too large, 400 when malformed) and validates it. */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = MAX_JSON_BYTES,
): Promise<z.infer<S>> {
  return (await readJsonText(request, schema, maxBytes)).data
}

/** As readJson, also keeping the body's exact text (e.g. for a signature over the delivered bytes). */
export async function readJsonText<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = MAX_JSON_BYTES,
): Promise<{ data: z.infer<S>; text: string }> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw unsupported('Send the request body as JSON (Content-Type: application/json).')
  }
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > maxBytes) throw tooLarge('The request body is too large.')
  const text = await readLimited(request, maxBytes)
  if (jsonNestsDeeperThan(text)) throw invalid(TOO_DEEP_MESSAGE)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw invalid('The request body is not valid JSON.')
  }
  refuseUnstorableText(body)
  const result = schema.safeParse(body)
  if (!result.success) throw invalid('Please check the highlighted fields.', fieldErrors(result.error))
  return { data: result.data, text }
}

/** Whether the body is an HTML form's (a browser posting a form natively, without the page's script). */
export const isFormPost = (request: Request) =>
  /^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '')

/** Reads a natively posted HTML form (413 when too large) and validates its fields. */
export async function readForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = MAX_JSON_BYTES,
): Promise<z.infer<S>> {
  if (!isFormPost(request)) throw unsupported('Send the form as application/x-www-form-urlencoded.')
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > maxBytes) throw tooLarge('The request body is too large.')
  const fields = Object.fromEntries(new URLSearchParams(await readLimited(request, maxBytes)))
  refuseUnstorableText(fields)
  const result = schema.safeParse(fields)
  if (!result.success) throw invalid('Please check the highlighted fields.', fieldErrors(result.error))
  return result.data
}

/** A body whose text the database could not store is refused (400) before any schema reads it. */
function refuseUnstorableText(body: unknown) {
  const path = unstorableTextPath(body)
  if (path === null) return
  throw invalid(UNSTORABLE_TEXT_MESSAGE, path ? { [path]: UNSTORABLE_TEXT_MESSAGE } : undefined)
}

/** Sends the browser on to a page with GET (after a natively posted form). */
export const seeOther = (path: string) =>
  new Response(null, { status: 303, headers: { Location: path, 'Cache-Control': PRIVATE_CACHE_CONTROL } })

async function readLimited(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw tooLarge('The request body is too large.')
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Wraps a route handler: known errors become their status, anything else a logged 500 without details. */
export function handle<A extends unknown[]>(fn: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    try {
      return await fn(...args)
    } catch (error) {
      return toErrorResponse(error)
    }
  }
}

/** The answer to a domain error: its kind's status and headers, its message and its field messages. */
export function domainErrorResponse(error: DomainErrorLike): Response {
  const { status, headers } = answerOf(error)
  return errorResponse(status, error.message, error.fields, headers)
}

export function toErrorResponse(error: unknown): Response {
  if (isDatabaseUnavailable(error)) {
    console.error('The database is unavailable:', (error as Error).message)
    return domainErrorResponse(unavailable(DATABASE_UNAVAILABLE_MESSAGE, 30))
  }
  if (isDomainError(error)) return domainErrorResponse(error)
  if (error instanceof ZodError) return errorResponse(400, 'Please check the highlighted fields.', fieldErrors(error))
  if (error instanceof ValidationError) {
    const fields: Record<string, string> = {}
    for (const e of error.data.errors) fields[e.path] ??= e.message
    return errorResponse(400, 'Please check the highlighted fields.', fields)
  }
  if (error instanceof APIError && error.status >= 400 && error.status < 500) {
    return errorResponse(error.status, error.message)
  }
  console.error('Unexpected error in a route handler:', error)
  return errorResponse(500, 'Something went wrong on our side. Please try again.')
}

/** A record id from the URL; anything that is not a well-formed id cannot exist (404). */
export function parseId(id: string | undefined, what = 'Not found'): string {
  if (!id || !isUuid(id)) throw notFound(what)
  return id.toLowerCase()
}

/** Connection-level failures (refused, reset, shut down, timed out), whatever wraps them. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
])
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i

/** Whether an error means PostgreSQL cannot be reached (as opposed to a bad query or bad data). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 8;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true
    const errors = (e as { errors?: unknown }).errors
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true
  }
  return false
}
