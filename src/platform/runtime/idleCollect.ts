import v8 from 'node:v8'
import vm from 'node:vm'

/** How long no request may have started or ended before the server counts as idle. */
const IDLE_MS = 10_000
const CHECK_EVERY_MS = 5_000
/** How much the heap must have grown since the last full collection for an idle one to be worth its pause. */
const GROWTH_BYTES = 32 * 1024 * 1024

let gc: (() => void) | undefined

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)

/** V8's full collection (the `gc` that --expose-gc gives, made available at run time). */
function fullCollection(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc')
    gc = vm.runInNewContext('gc') as () => void
  }
  gc()
}

/**
 * Gives memory back after a burst of requests. During a burst (a crawler, a scan, a sale) V8 grows
 * its heap far beyond what the server keeps alive, and between bursts, when a band's server is
 * mostly idle, nothing makes it collect and shrink again: the process would hold its peak for
 * hours. So once the server has been idle for IDLE_MS and its heap has grown by GROWTH_BYTES since
 * the last full collection, it runs one; V8 then returns the emptied pages to the system. A health
 * check now and then allocates too little to trigger it, and a request arriving during the
 * collection waits for it (a few hundred milliseconds at most, and only on an idle server).
 */
export function startIdleCollector(lastActivity: () => number): void {
  let collectedAt = Date.now()
  let heapAfter = v8.getHeapStatistics().total_heap_size
  setInterval(() => {
    const last = lastActivity()
    if (last <= collectedAt || Date.now() - last < IDLE_MS) return
    if (v8.getHeapStatistics().total_heap_size < heapAfter + GROWTH_BYTES) return
    const before = { used: v8.getHeapStatistics().used_heap_size, rss: process.memoryUsage.rss() }
    fullCollection()
    collectedAt = Date.now()
    heapAfter = v8.getHeapStatistics().total_heap_size
    const after = { used: v8.getHeapStatistics().used_heap_size, rss: process.memoryUsage.rss() }
    console.log(
      `Idle after a burst of requests: memory collected, heap in use ${mb(before.used)} → ${mb(after.used)} MB, ` +
        `RSS ${mb(before.rss)} → ${mb(after.rss)} MB.`,
    )
  }, CHECK_EVERY_MS).unref()
}
