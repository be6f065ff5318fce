/** What the checkout needs from a payment provider (PayPal, or the built-in test provider). */
import 'server-only'

export type ProviderName = 'paypal' | 'test'

export type CaptureResult = {
  /** The capture's status as PayPal reports it. */
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'FAILED'
  captureId: string | null
  amount: string | null
  currency: string | null
}

export interface PaymentProvider {
  name: ProviderName
  /** The public client id the browser's PayPal script needs (PayPal only). */
  clientId: string | null
  clientToken(): Promise<string>
  createOrder(args: {
    orderId: string
    amount: string
    /** The parts of `amount`: itemTotal + shipping - discount (+ taxTotal, a tax added) = amount. */
    breakdown: { itemTotal: string; shipping: string; discount: string; taxTotal?: string }
    currency: 'USD'
    requestId: string
    description: string
  }): Promise<{ id: string }>
  captureOrder(args: {
    providerOrderId: string
    requestId: string
    amount: string
    testOutcome?: 'completed' | 'declined' | 'pending'
  }): Promise<CaptureResult>
  /** Gives a capture's money back in full. */
  refundCapture(args: {
    captureId: string
    amount: string
    currency: 'USD'
    requestId: string
    note: string
  }): Promise<{ id: string; status: string }>
}

/**
 * The provider could not be used: no answer in time, a server error after retries, or a refusal
 * that is not a decline. `outcomeUnknown` means a capture may or may not have happened.
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError'
  constructor(
    message: string,
    readonly options: {
      status?: number
      issue?: string
      timedOut?: boolean
      outcomeUnknown?: boolean
      debugId?: string
    } = {},
  ) {
    super(message)
  }
}
