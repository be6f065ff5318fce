'use client'

import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js'

import { Spinner } from '@/ui/spinner'

import { captureProviderOrder, createProviderOrder } from './api'
import type { PaymentCallbacks } from './PaymentCard.client'

type Props = PaymentCallbacks & { clientId: string; clientToken: string; orderId: string; amount: string }

function Buttons({
  orderId,
  amount,
  onPaymentStarted,
  onPaymentSettled,
  onPaymentAbandoned,
}: Omit<Props, 'clientId' | 'clientToken'>) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer()
  if (isRejected)
    return <p role="alert">PayPal could not be loaded. Please check your connection and reload the page.</p>
  return (
    <>
      {isPending && <Spinner label="Loading PayPal..." />}
      <PayPalButtons
        style={{ layout: 'vertical', label: 'pay' }}
        forceReRender={[orderId, amount]}
        createOrder={async () => {
          onPaymentStarted()
          try {
            return await createProviderOrder(orderId, amount)
          } catch (error) {
            onPaymentAbandoned(error)
            throw error
          }
        }}
        onApprove={async (data) => {
          try {
            onPaymentSettled((await captureProviderOrder(data.orderID)).message)
          } catch (error) {
            // The status read decides (a webhook may still settle the payment).
            console.error(`Capturing PayPal order ${data.orderID} failed:`, error)
            onPaymentSettled()
          }
        }}
        onCancel={() => onPaymentAbandoned()}
        onError={(error) => {
          console.error('PayPal reported an error:', error)
          onPaymentAbandoned()
        }}
      />
    </>
  )
}

/** This answer's CSP nonce, as Next put it on the page's scripts: PayPal's script runs inline code only with it. */
const pageNonce = () =>
  (typeof document === 'undefined' ? undefined : document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce) ||
  undefined

/** PayPal's buttons; this module (and PayPal's script from PayPal's site) loads only on /checkout with PayPal set up. */
export default function PayPalPayment({ clientId, clientToken, ...props }: Props) {
  return (
    <PayPalScriptProvider
      options={{
        clientId,
        dataClientToken: clientToken,
        dataCspNonce: pageNonce(),
        currency: 'USD',
        intent: 'capture',
        components: 'buttons',
      }}
    >
      <Buttons {...props} />
    </PayPalScriptProvider>
  )
}
