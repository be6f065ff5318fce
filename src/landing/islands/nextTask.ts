type Scheduler = { yield?: () => Promise<void> }

/**
 * Resolves in a later task, so that the browser can paint and answer input in between: through
 * `scheduler.yield()` where the browser has it (the rest of the work keeps its place ahead of
 * other tasks), otherwise through a message to a channel of our own, which, unlike a zero-delay
 * timer, is never held back to 4 ms when one follows another.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
