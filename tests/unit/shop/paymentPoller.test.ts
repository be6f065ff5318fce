import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createPaymentPoller, MAX_POLLS, POLL_INTERVAL_MS } from '@/modules/shop/ui/checkout/paymentPoller'

/** A poller whose status reads answer from a script; records what the page would show. */
function setup(answers: (string | Error)[]) {
  const seen = { reads: 0, paid: 0, failed: 0, timeout: 0, readErrors: 0, waiting: [] as boolean[] }
  const poller = createPaymentPoller({
    readStatus: async () => {
      const answer = answers[Math.min(seen.reads, answers.length - 1)]!
      seen.reads += 1
      if (answer instanceof Error) throw answer
      return answer
    },
    onPaid: () => void (seen.paid += 1),
    onFailed: () => void (seen.failed += 1),
    onTimeout: () => void (seen.timeout += 1),
    onReadError: () => void (seen.readErrors += 1),
    onWaitingChange: (waiting) => void seen.waiting.push(waiting),
  })
  return { poller, seen }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('waiting for payment completion (every 5 seconds, at most 60 times)', () => {
  it('reads the order every 5 seconds from the click on, and stops at paid', async () => {
    const { poller, seen } = setup(['pending', 'pending', 'paid'])
    poller.start()
    expect(poller.waiting).toBe(true)
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1)
    expect(seen.reads).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(seen.reads).toBe(1)
    await vi.advanceTimersByTimeAsync(2 * POLL_INTERVAL_MS)
    expect(seen.reads).toBe(3)
    expect(seen.paid).toBe(1)
    expect(poller.waiting).toBe(false)
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS)
    expect(seen.reads).toBe(3)
    expect(seen.waiting).toEqual([true, false])
  })

  it('after 60 pending reads it gives up with the timeout (5 minutes), not before', async () => {
    const { poller, seen } = setup(['pending'])
    poller.start()
    await vi.advanceTimersByTimeAsync((MAX_POLLS - 1) * POLL_INTERVAL_MS)
    expect(seen.reads).toBe(MAX_POLLS - 1)
    expect(seen.timeout).toBe(0)
    expect(poller.waiting).toBe(true)
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    expect(MAX_POLLS).toBe(60)
    expect(seen.reads).toBe(60)
    expect(seen.timeout).toBe(1)
    expect(poller.waiting).toBe(false)
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS)
    expect(seen.reads).toBe(60)
  })

  it('a failed order ends the waiting with the failure', async () => {
    const { poller, seen } = setup(['pending', 'failed'])
    poller.start()
    await vi.advanceTimersByTimeAsync(2 * POLL_INTERVAL_MS)
    expect(seen).toMatchObject({ failed: 1, paid: 0, timeout: 0 })
    expect(poller.waiting).toBe(false)
  })

  it('a read error stops the waiting silently: no paid, failed or timeout, no further reads', async () => {
    const { poller, seen } = setup(['pending', new Error('500: oops')])
    poller.start()
    await vi.advanceTimersByTimeAsync(2 * POLL_INTERVAL_MS)
    expect(seen).toMatchObject({ reads: 2, readErrors: 1, paid: 0, failed: 0, timeout: 0 })
    expect(poller.waiting).toBe(false)
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS)
    expect(seen.reads).toBe(2)
  })

  it('pollNow reads at once when the capture has answered, then keeps the 5-second rhythm', async () => {
    const { poller, seen } = setup(['pending', 'pending', 'paid'])
    poller.start()
    poller.pollNow()
    await vi.advanceTimersByTimeAsync(0)
    expect(seen.reads).toBe(1)
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    expect(seen.reads).toBe(2)
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    expect(seen.paid).toBe(1)
  })

  it('stop (a cancelled payment) ends the reads', async () => {
    const { poller, seen } = setup(['pending'])
    poller.start()
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    poller.stop()
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS)
    expect(seen.reads).toBe(1)
    expect(seen.waiting).toEqual([true, false])
  })

  it('a capture answering after the timeout waits again and still sees the payment', async () => {
    const { poller, seen } = setup([...Array<string>(MAX_POLLS).fill('pending'), 'paid'])
    poller.start()
    await vi.advanceTimersByTimeAsync(MAX_POLLS * POLL_INTERVAL_MS)
    expect(seen.timeout).toBe(1)
    poller.pollNow()
    await vi.advanceTimersByTimeAsync(0)
    expect(seen.paid).toBe(1)
    expect(seen.waiting).toEqual([true, false, true, false])
  })
})
