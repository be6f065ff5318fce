import { upstreamFailed } from '@/platform/errors'
import { handle, json } from '@/platform/http'
import { paymentSetup, PaymentProviderError } from '@/modules/shop/server/payments'

/** {provider: paypal | test | none, clientToken, clientId (PayPal), currency, intent, message (none)}. */
export const GET = handle(async () => {
  try {
    return json(await paymentSetup())
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error
    console.error('Payment set-up failed:', error.message)
    throw upstreamFailed('The payment service is not available right now. Please try again in a moment.')
  }
})
