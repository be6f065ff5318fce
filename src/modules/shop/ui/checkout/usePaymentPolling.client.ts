'use client'

import { useEffect, useRef, useState } from 'react'

import { getJson, type OrderStatus } from './api'
import { createPaymentPoller, type PaymentPoller } from './paymentPoller'

type Handlers = { onPaid: () => void; onFailed: () => void; onTimeout: () => void }

/** Polls GET /api/orders/{id} while the buyer pays (see createPaymentPoller). */
export function usePaymentPolling(orderId: string | null, handlers: Handlers) {
  const [waiting, setWaiting] = useState(false)
  const handlersRef = useRef(handlers)
  useEffect(() => {
    handlersRef.current = handlers
  })
  const poller = useRef<PaymentPoller | null>(null)

  useEffect(() => {
    if (!orderId) return
    const created = createPaymentPoller({
      readStatus: async () =>
        (await getJson<{ id: string; status: OrderStatus }>(`/api/orders/${encodeURIComponent(orderId)}`)).status,
      onPaid: () => handlersRef.current.onPaid(),
      onFailed: () => handlersRef.current.onFailed(),
      onTimeout: () => handlersRef.current.onTimeout(),
      onReadError: (error) =>
        console.error(`Stopped waiting for the payment of order ${orderId}: its status could not be read.`, error),
      onWaitingChange: setWaiting,
    })
    poller.current = created
    // Leaving the page (or a new order) stops the waiting.
    return () => {
      created.stop()
      if (poller.current === created) poller.current = null
    }
  }, [orderId])

  return {
    waiting,
    start: () => poller.current?.start(),
    pollNow: () => poller.current?.pollNow(),
    stop: () => poller.current?.stop(),
  }
}
