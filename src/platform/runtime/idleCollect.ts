import v8 from 'node:v8'
import vm from 'node:vm'

/** How long no request may have started or ended before the server counts as idle. */
const IDLE_MS = 10_000
const CHECK_EVERY_MS = 5_000
/** How much the heap in use must have grown since the last full collection for an idle one to be worth it... */
const GROWTH_BYTES = 16 * 1024 * 1024
/** ...or how many requests must have come since: a burst (a scan, a crawler) leaves code and garbage behind. */
const BURST_REQUESTS = 1000
/**
 * Full collections after the idle one, one per check: V8 drops a function's compiled code once it
 * has not run over five full collections.
 */
const AGING_COLLECTIONS = 5

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
 * hours. So once the server has been idle for IDLE_MS after BURST_REQUESTS requests, or after
 * fewer that grew the heap in use by GROWTH_BYTES, since the last full collection, it runs one
 * (`idleCollection`); V8 then returns the emptied pages to the system. A request arriving during
 * the collection waits for it (a few hundred milliseconds at most, and only on an idle server).
 *
 * The code a burst ran once (a scan reaches every route) stays compiled until V8 counts it unused
 * over several full collections, and an idle server runs none by itself. So V8 is told to drop
 * the baseline code of functions not run recently too, as it drops their bytecode, and the idle
 * collection is followed by AGING_COLLECTIONS more while the server stays idle.
 *
 * During a burst the same collection holds the peak: once the process's resident memory is over
 * `ceilingMb`, it collects at once, busy or not, and again at most every CEILING_PAUSE_MS while it
 * stays over. Left alone, V8 lets garbage pile up to several times what is alive before it
 * collects by itself, which is what a small server cannot give. When a collection does not bring
 * the process under the ceiling (what is alive is that large), the pause doubles, up to
 * CEILING_PAUSE_MAX_MS, so a server that simply needs more memory does not spend its time
 * collecting.
 */
export function startIdleCollector(
  activity: { last: () => number; requests: () => number },
  ceilingMb = DEFAULT_MEMORY_CEILING_MB,
): void {
  v8.setFlagsFromString('--flush-baseline-code')
  let collectedAt = Date.now()
  let usedAfter = v8.getHeapStatistics().used_heap_size
  const collected = (after: { used: number }) => {
    collectedAt = Date.now()
    usedAfter = after.used
  }
  const whenIdle = idleCollection({
    lastActivity: activity.last,
    requests: activity.requests,
    lastCollectedAt: () => collectedAt,
    usedAfterLast: () => usedAfter,
    collected,
  })
  setInterval(whenIdle, CHECK_EVERY_MS).unref()

  const overCeiling = ceilingCollection({ ceilingMb, collected, lastCollectedAt: () => collectedAt })
  setInterval(overCeiling, CEILING_CHECK_MS).unref()
}

/** What a test replaces in both collectors: the collection itself, the clock and the log. */
type CollectorHooks = {
  run?: typeof collect
  now?: () => number
  log?: (line: string) => void
}

type IdleOptions = {
  /** When the last request (other than a health check) started or ended, and how many came in all. */
  lastActivity: () => number
  requests: () => number
  /** When the last full collection (of any kind) ran, and the heap it left in use. */
  lastCollectedAt: () => number
  usedAfterLast: () => number
  collected: (after: { used: number }) => void
  usedHeap?: () => number
} & CollectorHooks

/**
 * The check run every CHECK_EVERY_MS: idle for IDLE_MS after BURST_REQUESTS requests, or after
 * fewer with the heap in use grown by GROWTH_BYTES, since the last full collection, it collects;
 * then, one per check while no request arrives, AGING_COLLECTIONS more, and it reports what the
 * last one left.
 */
export function idleCollection(options: IdleOptions): () => void {
  const { lastActivity, requests, lastCollectedAt, usedAfterLast, collected } = options
  const {
    usedHeap = () => v8.getHeapStatistics().used_heap_size,
    run = collect,
    now = Date.now,
    log = console.log,
  } = options
  let aging = 0
  let agingFrom = { used: 0, rss: 0 }
  let requestsAtLast = requests()
  return () => {
    const last = lastActivity()
    if (aging > 0) {
      // A request since the last collection: the server is busy again, and its code in use.
      if (last > lastCollectedAt()) {
        aging = 0
        return
      }
      const { after } = run()
      collected(after)
      if (--aging === 0)
        log(
          `Idle for a while: code not run since the burst dropped, heap in use ${mb(agingFrom.used)} → ${mb(after.used)} MB, ` +
            `RSS ${mb(agingFrom.rss)} → ${mb(after.rss)} MB.`,
        )
      return
    }
    if (last <= lastCollectedAt() || now() - last < IDLE_MS) return
    const burst = requests() - requestsAtLast >= BURST_REQUESTS
    if (!burst && usedHeap() < usedAfterLast() + GROWTH_BYTES) return
    const { before, after } = run()
    collected(after)
    requestsAtLast = requests()
    log(
      `Idle after a burst of requests: memory collected, heap in use ${mb(before.used)} → ${mb(after.used)} MB, ` +
        `RSS ${mb(before.rss)} → ${mb(after.rss)} MB.`,
    )
    aging = AGING_COLLECTIONS
    agingFrom = after
  }
}

type CeilingOptions = {
  ceilingMb: number
  /** When the last full collection (of either kind) ran. */
  lastCollectedAt: () => number
  collected: (after: { used: number }) => void
  readRss?: () => number
} & CollectorHooks

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
    collected(after)
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
