import 'server-only'

import crypto from 'node:crypto'

import { isUuid } from '@/lib/ids'

import { secureCookies } from '@/platform/http/cookies'
import { payloadSecret } from '@/platform/runtime/secret'

/**
 * The orders this browser is checking out, in a signed HttpOnly cookie. Only this browser can
 * then pay for them or see their status; a forged or edited cookie is ignored.
 */
const COOKIE = 'checkout-orders'
const MAX_ORDERS = 5
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60

const sign = (value: string) =>
  crypto.createHmac('sha256', payloadSecret()).update(`checkout-orders:${value}`).digest('base64url')

/** Order ids bound to the request's browser, oldest first. */
export function boundOrderIds(request: Request): string[] {
  return boundOrderIdsOf(request.headers.get('cookie'))
}

/** Order ids bound to the browser that sent this Cookie header, oldest first. */
export function boundOrderIdsOf(cookieHeader: string | null): string[] {
  const raw = readCookie(cookieHeader, COOKIE)
  if (!raw) return []
  const dot = raw.lastIndexOf('.')
  if (dot < 1) return []
  const value = raw.slice(0, dot)
  const expected = Buffer.from(sign(value))
  const given = Buffer.from(raw.slice(dot + 1))
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return []
  return value.split('~').filter((id) => isUuid(id) && id === id.toLowerCase())
}

export function isBound(request: Request, orderId: string): boolean {
  return boundOrderIds(request).includes(orderId)
}

/** The Set-Cookie header that adds `orderId` (as the latest) to the browser's bound orders. */
export function bindCookie(request: Request, orderId: string): string {
  const ids = [...boundOrderIds(request).filter((id) => id !== orderId), orderId].slice(-MAX_ORDERS)
  const value = ids.join('~')
  const parts = [
    `${COOKIE}=${value}.${sign(value)}`,
    'Path=/',
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
  ]
  if (secureCookies()) parts.push('Secure')
  return parts.join('; ')
}

function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim())
  }
  return null
}
