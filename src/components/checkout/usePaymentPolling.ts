'use client'

import { useCallback, useEffect, useRef, useState } from 'react'

import { getJson, type OrderStatus } from './api'

/** SPEC.md §4 and §9: the order is polled every 5 seconds, at most 60 times (5 minutes). */
export const POLL_INTERVAL_MS = 5_000
export const MAX_POLLS = 60

type Handlers = {
  onPaid: () => void
  onFailed: () => void
  onTimeout: () => void
}

/**
 * Waits for an order to be paid or failed by polling GET /api/orders/{id}. `start` begins the
 * waiting (first read after one interval); `pollNow` reads at once (e.g. when the capture call
 * has answered). A read error stops the waiting silently (it is logged).
 */
export function usePaymentPolling(orderId: string | null, handlers: Handlers) {
  const [waiting, setWaiting] = useState(false)
  const handlersRef = useRef(handlers)
  useEffect(() => {
    handlersRef.current = handlers
  })
  // Each waiting run gets a number; answers of an older run are ignored.
  const run = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const tries = useRef(0)
  const inFlight = useRef(false)
  const again = useRef(false)
  const active = useRef(false)

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
  }

  const stop = useCallback(() => {
    run.current += 1
    active.current = false
    clearTimer()
    inFlight.current = false
    again.current = false
    setWaiting(false)
  }, [])

  const poll = useCallback(async () => {
    if (!orderId) return
    const current = run.current
    clearTimer()
    inFlight.current = true
    tries.current += 1
    let status: OrderStatus
    try {
      status = (await getJson<{ id: string; status: OrderStatus }>(`/api/orders/${encodeURIComponent(orderId)}`)).status
    } catch (error) {
      if (current !== run.current) return
      console.error(`Stopped waiting for the payment of order ${orderId}: its status could not be read.`, error)
      stop()
      return
    }
    if (current !== run.current) return
    inFlight.current = false
    if (status === 'failed') {
      stop()
      handlersRef.current.onFailed()
    } else if (status !== 'pending') {
      // paid, or already moved on by the team (shipped, completed): the payment went through.
      stop()
      handlersRef.current.onPaid()
    } else if (tries.current >= MAX_POLLS) {
      stop()
      handlersRef.current.onTimeout()
    } else if (again.current) {
      again.current = false
      void poll()
    } else {
      timer.current = setTimeout(() => void poll(), POLL_INTERVAL_MS)
    }
  }, [orderId, stop])

  const start = useCallback(() => {
    if (!orderId) return
    stop()
    tries.current = 0
    active.current = true
    setWaiting(true)
    timer.current = setTimeout(() => void poll(), POLL_INTERVAL_MS)
  }, [orderId, poll, stop])

  const pollNow = useCallback(() => {
    if (!active.current) return
    if (inFlight.current) {
      again.current = true
      return
    }
    void poll()
  }, [poll])

  // Leaving the page stops the waiting.
  useEffect(
    () => () => {
      run.current += 1
      active.current = false
      clearTimer()
    },
    [],
  )

  return { waiting, start, pollNow, stop }
}
