import 'server-only'

import { isLoopbackUrl } from '@/lib/loopback'

import { env, isProduction, siteUrl } from '@/platform/runtime/env'

import { PAYPAL_SANDBOX, PayPalClient } from './paypal'
import { testProvider } from './test'
import type { PaymentProvider } from './types'

export { PaymentProviderError } from './types'
export type { CaptureResult, PaymentProvider, ProviderName } from './types'

let paypal: PayPalClient | null = null

/**
 * The active payment provider: the built-in test provider with PAYMENT_PROVIDER=test; PayPal with
 * PAYPAL_CLIENT_ID + PAYPAL_CLIENT_SECRET; without either, the test provider only for a
 * development server on a loopback SITE_URL (the launcher makes the same choice explicit for
 * `npm start`), else null: payments are not configured.
 */
export function paymentProvider(): PaymentProvider | null {
  const e = env()
  if (e.PAYMENT_PROVIDER === 'test') return testProvider
  if (e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET) {
    paypal ??= new PayPalClient({
      clientId: e.PAYPAL_CLIENT_ID,
      clientSecret: e.PAYPAL_CLIENT_SECRET,
      apiBase: (e.PAYPAL_API_BASE ?? PAYPAL_SANDBOX).replace(/\/$/, ''),
      timeoutMs: Number(e.PAYPAL_TIMEOUT_MS ?? 15_000),
      webhookId: e.PAYPAL_WEBHOOK_ID ?? null,
    })
    return paypal
  }
  if (e.PAYMENT_PROVIDER === 'paypal' || isProduction() || !isLoopbackUrl(siteUrl())) return null
  return testProvider
}

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured on this site yet. Please try again later.'

export type PaymentSetup =
  | { provider: 'paypal'; clientId: string; clientToken: string; currency: 'USD'; intent: 'CAPTURE' }
  | { provider: 'test'; clientId: null; clientToken: string; currency: 'USD'; intent: 'CAPTURE' }
  | { provider: 'none'; clientId: null; clientToken: null; currency: 'USD'; intent: 'CAPTURE'; message: string }

/** What the checkout page needs to show the right payment button. */
export async function paymentSetup(): Promise<PaymentSetup> {
  const provider = paymentProvider()
  const common = { currency: 'USD', intent: 'CAPTURE' } as const
  if (!provider)
    return { provider: 'none', clientId: null, clientToken: null, message: PAYMENTS_NOT_CONFIGURED, ...common }
  const clientToken = await provider.clientToken()
  if (provider instanceof PayPalClient)
    return { provider: 'paypal', clientId: provider.clientId, clientToken, ...common }
  return { provider: 'test', clientId: null, clientToken, ...common }
}

export { PayPalClient }
