import v8 from 'node:v8'
import vm from 'node:vm'

/** How long no request may have started or ended before the server counts as idle. */
const IDLE_MS = 10_000
const CHECK_EVERY_MS = 5_000
/** How much the heap must have grown since the last full collection for an idle one to be worth its pause. */
const GROWTH_BYTES = 32 * 1024 * 1024

/** The resident memory above which the server collects even while busy (MEMORY_CEILING_MB). */
export const DEFAULT_MEMORY_CEILING_MB = 384
/** How often the resident memory is read against the ceiling. */
const CEILING_CHECK_MS = 500
/** The shortest time between two collections over the ceiling; doubled while one does not get below it. */
const CEILING_PAUSE_MS = 2_000
const CEILING_PAUSE_MAX_MS = 60_000
/** How often a run of collections over the ceiling is reported. */
const CEILING_REPORT_MS = 60_000

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

/** Runs a full collection and answers the heap in use and the RSS before and after it. */
function collect() {
  const before = { used: v8.getHeapStatistics().used_heap_size, rss: process.memoryUsage.rss() }
  fullCollection()
  const after = { used: v8.getHeapStatistics().used_heap_size, rss: process.memoryUsage.rss() }
  return { before, after }
}

/**
 * Gives memory back after a burst of requests. During a burst (a crawler, a scan, a sale) V8 grows
 * its heap far beyond what the server keeps alive, and between bursts, when a band's server is
 * mostly idle, nothing makes it collect and shrink again: the process would hold its peak for
 * hours. So once the server has been idle for IDLE_MS and its heap has grown by GROWTH_BYTES since
 * the last full collection, it runs one; V8 then returns the emptied pages to the system. A health
 * check now and then allocates too little to trigger it, and a request arriving during the
 * collection waits for it (a few hundred milliseconds at most, and only on an idle server).
 *
 * During a burst the same collection holds the peak: once the process's resident memory is over
 * `ceilingMb`, it collects at once, busy or not, and again at most every CEILING_PAUSE_MS while it
 * stays over. Left alone, V8 lets garbage pile up to several times what is alive before it
 * collects by itself, which is what a small server cannot give. When a collection does not bring
 * the process under the ceiling (what is alive is that large), the pause doubles, up to
 * CEILING_PAUSE_MAX_MS, so a server that simply needs more memory does not spend its time
 * collecting.
 */
export function startIdleCollector(lastActivity: () => number, ceilingMb = DEFAULT_MEMORY_CEILING_MB): void {
  let collectedAt = Date.now()
  let heapAfter = v8.getHeapStatistics().total_heap_size
  const collected = () => {
    collectedAt = Date.now()
    heapAfter = v8.getHeapStatistics().total_heap_size
  }
  setInterval(() => {
    const last = lastActivity()
    if (last <= collectedAt || Date.now() - last < IDLE_MS) return
    if (v8.getHeapStatistics().total_heap_size < heapAfter + GROWTH_BYTES) return
    const { before, after } = collect()
    collected()
    console.log(
      `Idle after a burst of requests: memory collected, heap in use ${mb(before.used)} → ${mb(after.used)} MB, ` +
        `RSS ${mb(before.rss)} → ${mb(after.rss)} MB.`,
    )
  }, CHECK_EVERY_MS).unref()

  const overCeiling = ceilingCollection({ ceilingMb, collected, lastCollectedAt: () => collectedAt })
  setInterval(overCeiling, CEILING_CHECK_MS).unref()
}

type CeilingOptions = {
  ceilingMb: number
  /** When the last full collection (of either kind) ran. */
  lastCollectedAt: () => number
  collected: () => void
  readRss?: () => number
  run?: typeof collect
  now?: () => number
  log?: (line: string) => void
}

/**
 * The check run every CEILING_CHECK_MS: over the ceiling, and at least the current pause after the
 * last full collection, it collects; the pause doubles while a collection leaves the process over
 * the ceiling, and is CEILING_PAUSE_MS again once one gets under it. Reports the first collection,
 * then at most one line per CEILING_REPORT_MS with how many ran.
 */
export function ceilingCollection(options: CeilingOptions): () => void {
  const { ceilingMb, lastCollectedAt, collected } = options
  const { readRss = () => process.memoryUsage.rss(), run = collect, now = Date.now, log = console.log } = options
  const ceiling = ceilingMb * 1024 * 1024
  let pause = CEILING_PAUSE_MS
  let reportedAt = -Infinity
  let unreported = 0
  return () => {
    if (readRss() <= ceiling || now() - lastCollectedAt() < pause) return
    const { before, after } = run()
    collected()
    pause = after.rss > ceiling ? Math.min(pause * 2, CEILING_PAUSE_MAX_MS) : CEILING_PAUSE_MS
    unreported += 1
    if (now() - reportedAt < CEILING_REPORT_MS) return
    log(
      `Over the memory ceiling (${ceilingMb} MB): memory collected ${unreported} time(s), ` +
        `heap in use ${mb(before.used)} → ${mb(after.used)} MB, RSS ${mb(before.rss)} → ${mb(after.rss)} MB.`,
    )
    reportedAt = now()
    unreported = 0
  }
}
