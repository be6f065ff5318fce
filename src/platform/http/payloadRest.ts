import 'server-only'

import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'
import type { SanitizedConfig } from 'payload'

import { jsonNestsDeeperThan, TOO_DEEP_MESSAGE } from '@/lib/jsonDepth'
import { PRIVATE_CACHE_CONTROL } from '@/platform/http/caching'

/**
 * Payload's REST API (`/api/cms/…`) behind one guard: input that Payload would carry to a 500
 * (or to an answer naming the server's own address) is refused first with a 4xx whose JSON says
 * why, in Payload's error shape (`errors[].message`), which the /cms admin reads.
 */

type Config = Promise<SanitizedConfig> | SanitizedConfig
type Args = { params: Promise<{ slug?: string[] }> }
type Handler = (request: Request, args: Args) => Promise<Response>

const refuse = (status: number, message: string) =>
  Response.json({ errors: [{ message }] }, { status, headers: { 'Cache-Control': PRIVATE_CACHE_CONTROL } })

/** Collections Payload keeps for itself, which no client reads or writes over HTTP. */
const INTERNAL_COLLECTIONS = new Set(['payload-migrations'])

/** `limit` is a count (0: Payload's default), `page` a page number from 1. */
const LIMIT = /^\d{1,6}$/
const PAGE = /^[1-9]\d{0,8}$/
/** A date with a year outside 0000 to 9999 ("275760-01-01", "+275760-09-13T…"), which PostgreSQL cannot compare. */
const FAR_DATE = /^\s*([+-]\d{4,}|\d{5,})-\d{1,2}-\d{1,2}/

/** Why a query (the URL's, or a form read as one) cannot be answered, or null. */
function queryRefusal(params: URLSearchParams): string | null {
  const limit = params.get('limit')
  if (limit !== null && !LIMIT.test(limit)) return '"limit" must be a whole number from 0 to 999999.'
  const page = params.get('page')
  if (page !== null && !PAGE.test(page)) return '"page" must be a whole number from 1.'
  for (const [key, value] of params) {
    if (key.startsWith('where') && FAR_DATE.test(value)) {
      return 'A date in "where" must have a year from 0000 to 9999.'
    }
  }
  return null
}

/** Whether every part of a form body decodes to UTF-8 text without a NUL. */
function cleanForm(text: string): boolean {
  return text.split('&').every((part) => {
    try {
      return !decodeURIComponent(part.replace(/\+/g, ' ')).includes('\0')
    } catch {
      return false
    }
  })
}

const header = (request: Request, name: string) => (request.headers.get(name) ?? '').toLowerCase()
const mediaType = (request: Request) => header(request, 'content-type').split(';', 1)[0]!.trim()

/** Why the body cannot be read as Payload would read it, or null. The request's own body stays unread. */
async function bodyRefusal(request: Request): Promise<string | null> {
  if (request.method !== 'POST' && request.method !== 'PATCH' && request.method !== 'PUT') return null
  if (!request.body) return null
  const type = mediaType(request)
  const readAsGet =
    request.method === 'POST' &&
    (header(request, 'x-payload-http-method-override') === 'get' || header(request, 'x-http-method-override') === 'get')
  if (readAsGet && type === 'application/x-www-form-urlencoded') {
    const text = await request.clone().text()
    if (!cleanForm(text)) return 'The form holds a NUL byte or broken percent-encoding, which is not allowed.'
    return queryRefusal(new URLSearchParams(text))
  }
  if (type === 'application/json') {
    return jsonNestsDeeperThan(await request.clone().text()) ? TOO_DEEP_MESSAGE : null
  }
  if (type === 'multipart/form-data') {
    let form: FormData
    try {
      form = await request.clone().formData()
    } catch {
      return 'The multipart form could not be read.'
    }
    const data = form.get('_payload')
    if (typeof data === 'string') {
      if (jsonNestsDeeperThan(data)) return TOO_DEEP_MESSAGE
      try {
        JSON.parse(data)
      } catch {
        return 'The form field "_payload" must be JSON.'
      }
    }
  }
  return null
}

/** Why the route cannot be answered (status and message), or null. */
async function refusal(request: Request, slug: string[], config: Config): Promise<[number, string] | null> {
  const [collection, action] = slug
  if (collection && INTERNAL_COLLECTIONS.has(collection)) return [404, 'Not found']
  if (action === 'verify' && request.method === 'POST') {
    const auth = (await config).collections.find((c) => c.slug === collection)?.auth
    if (!auth?.verify) return [404, 'Not found']
  }
  const query = queryRefusal(new URL(request.url).searchParams)
  if (query) return [400, query]
  const body = await bodyRefusal(request)
  return body ? [400, body] : null
}

function guarded(handler: Handler, config: Config): Handler {
  return async (request, args) => {
    const { slug = [] } = await args.params
    const refused = await refusal(request, slug, config)
    return refused ? refuse(...refused) : handler(request, args)
  }
}

/** Payload's REST handlers for the catch-all route, each behind the guard. */
export function payloadRest(config: Config) {
  return {
    GET: guarded(REST_GET(config), config),
    POST: guarded(REST_POST(config), config),
    DELETE: guarded(REST_DELETE(config), config),
    PATCH: guarded(REST_PATCH(config), config),
    PUT: guarded(REST_PUT(config), config),
    OPTIONS: REST_OPTIONS(config),
  }
}
