/** While a payment completes, the order is polled every 5 seconds, at most 60 times (5 minutes). */
export const POLL_INTERVAL_MS = 5_000
export const MAX_POLLS = 60

type Status = string

export type PollerOptions = {
  /** Reads the order's status; a rejection stops the waiting. */
  readStatus: () => Promise<Status>
  onPaid: () => void
  onFailed: () => void
  onTimeout: () => void
  /** The waiting stopped because the status could not be read (silently: the buyer is not told). */
  onReadError: (error: unknown) => void
  /** Called whenever the waiting starts or ends. */
  onWaitingChange: (waiting: boolean) => void
  intervalMs?: number
  maxPolls?: number
}

/**
 * Waits for an order to be paid or failed. `start` begins the waiting (first read after one
 * interval, then one every interval, at most `maxPolls` reads); `pollNow` reads at once (waiting
 * again if it had ended), e.g. when the capture call has answered; `stop` ends it. Answers of a stopped run are ignored.
 */
export function createPaymentPoller(options: PollerOptions) {
  const intervalMs = options.intervalMs ?? POLL_INTERVAL_MS
  const maxPolls = options.maxPolls ?? MAX_POLLS
  let run = 0
  let active = false
  let tries = 0
  let inFlight = false
  let again = false
  let timer: ReturnType<typeof setTimeout> | null = null

  const clearTimer = () => {
    if (timer) clearTimeout(timer)
    timer = null
  }

  const finish = () => {
    run += 1
    clearTimer()
    inFlight = false
    again = false
    if (active) {
      active = false
      options.onWaitingChange(false)
    }
  }

  const poll = async () => {
    const current = run
    clearTimer()
    inFlight = true
    tries += 1
    let status: Status
    try {
      status = await options.readStatus()
    } catch (error) {
      if (current !== run) return
      finish()
      options.onReadError(error)
      return
    }
    if (current !== run) return
    inFlight = false
    if (status === 'failed') {
      finish()
      options.onFailed()
    } else if (status !== 'pending') {
      // paid, or already moved on by the team (shipped, completed): the payment went through.
      finish()
      options.onPaid()
    } else if (tries >= maxPolls) {
      finish()
      options.onTimeout()
    } else if (again) {
      again = false
      void poll()
    } else {
      timer = setTimeout(() => void poll(), intervalMs)
    }
  }

  return {
    start() {
      finish()
      tries = 0
      active = true
      options.onWaitingChange(true)
      timer = setTimeout(() => void poll(), intervalMs)
    },
    pollNow() {
      // The capture can answer after the waiting ended (a slow PayPal window timed it out): wait again.
      if (!active) {
        finish()
        tries = 0
        active = true
        options.onWaitingChange(true)
      }
      if (inFlight) again = true
      else void poll()
    },
    stop: finish,
    get waiting() {
      return active
    },
  }
}

export type PaymentPoller = ReturnType<typeof createPaymentPoller>
