import type { CartQuote } from '@/modules/shop/contract/types'
import type { OrderStatus } from '@/modules/shop/contract/orderStatus'
import { ApiError, throwIfNotOk } from '@/ui/apiError'
import { sendRequest } from '@/platform/http/request'

/**
 * The checkout's calls: writes send JSON and give up after 10 s, reads after 8 s; a
 * non-OK answer raises an ApiError whose message is "status: body".
 */

async function send<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await sendRequest(method, path, { body })
  await throwIfNotOk(res)
  const text = await res.text()
  return { status: res.status, data: parseBody(text) as T }
}

function parseBody(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null
  } catch {
    return null
  }
}

export const postJson = <T>(path: string, body?: unknown) => send<T>('POST', path, body)
export const getJson = async <T>(path: string) => (await send<T>('GET', path)).data

export type { CreatedOrder, OrderStatus } from '@/modules/shop/contract/orderStatus'

export type PaymentSetup =
  | { provider: 'paypal'; clientId: string; clientToken: string; currency: 'USD'; intent: 'CAPTURE' }
  | { provider: 'test'; clientId: null; clientToken: string; currency: 'USD'; intent: 'CAPTURE' }
  | { provider: 'none'; clientId: null; clientToken: null; currency: 'USD'; intent: 'CAPTURE'; message: string }

/** Creates the provider's order for this browser's order at its total; answers the provider order id. */
export async function createProviderOrder(orderId: string, amount: string): Promise<string> {
  const { data } = await postJson<{ id: string }>('/api/paypal/order', {
    amount,
    currency: 'USD',
    intent: 'CAPTURE',
    orderId,
  })
  return data.id
}

export type CaptureAnswer = { id: string; orderId: string; status: OrderStatus; message?: string }

/**
 * Captures the payment. 200 paid, 202 pending and 402 failed are answers, not errors: the order's
 * status is read by polling either way; `testOutcome` is understood by the test provider only.
 */
export async function captureProviderOrder(providerOrderId: string, testOutcome?: 'declined'): Promise<CaptureAnswer> {
  try {
    const { data } = await postJson<CaptureAnswer>(
      `/api/paypal/order/${encodeURIComponent(providerOrderId)}/capture`,
      testOutcome ? { testOutcome } : undefined,
    )
    return data
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.status === 402 || error.status === 409) &&
      error.body &&
      'status' in error.body
    ) {
      return error.body as CaptureAnswer
    }
    throw error
  }
}

/** A message for the visitor from a failed call: the server's own words when it gave some. */
export function messageOf(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null
}

export type { CartQuote } from '@/modules/shop/contract/types'

/** The one price of the cart for a country and a code, as the order would record it. */
export async function fetchQuote(body: {
  items: (
    | { productId: string; productOptionId: string | null; quantity: number; price: string }
    | { releaseId: string; quantity: number; price: string }
  )[]
  country: string
  /** The US state (or other region) of the address: its own sales tax depends on it. */
  state?: string
  discountCode?: string
}): Promise<CartQuote> {
  return (await postJson<CartQuote>('/api/checkout/quote', body)).data
}
