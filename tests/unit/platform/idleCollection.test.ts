import { describe, expect, it } from 'vitest'

import { idleCollection } from '@/platform/runtime/idleCollect'

const MB = 1024 * 1024

/**
 * An idle server checked every 5 s as the server does, over simulated time: `requests` are the
 * times (ms) at which requests arrived (`each` of them at each time), `used` the heap in use before
 * a collection, and each collection leaves 100 MB in use.
 */
function simulate({
  requests,
  used,
  seconds,
  each = 1,
}: {
  requests: number[]
  used: (t: number) => number
  seconds: number
  each?: number
}) {
  let t = 0
  let collectedAt = 0
  let usedAfter = 100 * MB
  const runs: number[] = []
  const lines: string[] = []
  const check = idleCollection({
    lastActivity: () => Math.max(0, ...requests.filter((r) => r <= t)),
    requests: () => requests.filter((r) => r <= t).length * each,
    lastCollectedAt: () => collectedAt,
    usedAfterLast: () => usedAfter,
    collected: (after) => {
      collectedAt = t
      usedAfter = after.used
    },
    usedHeap: () => used(t),
    run: () => {
      runs.push(t)
      return { before: { used: used(t), rss: 300 * MB }, after: { used: 100 * MB, rss: 250 * MB } }
    },
    now: () => t,
    log: (line) => lines.push(line),
  })
  for (; t <= seconds * 1000; t += 5_000) check()
  return { runs, lines }
}

describe('collection on an idle server', () => {
  it('collects 10 s after a burst, then five times more while no request comes, and says so', () => {
    const { runs, lines } = simulate({ requests: [1_000, 2_000], used: () => 200 * MB, seconds: 120 })
    expect(runs).toEqual([15_000, 20_000, 25_000, 30_000, 35_000, 40_000])
    expect(lines).toEqual([
      'Idle after a burst of requests: memory collected, heap in use 200 → 100 MB, RSS 300 → 250 MB.',
      'Idle for a while: code not run since the burst dropped, heap in use 100 → 100 MB, RSS 250 → 250 MB.',
    ])
  })

  it('stops the further collections as soon as a request comes', () => {
    const { runs, lines } = simulate({ requests: [1_000, 22_000], used: () => 200 * MB, seconds: 31 })
    expect(runs).toEqual([15_000, 20_000])
    expect(lines).toHaveLength(1)
  })

  it('does not collect after a few requests that grew the heap in use by less than 16 MB', () => {
    expect(simulate({ requests: [1_000, 2_000], used: () => 115 * MB, seconds: 120 }).runs).toEqual([])
  })

  it('collects after a burst of 1,000 requests or more, however little the heap in use grew', () => {
    const { runs } = simulate({ requests: [1_000, 2_000], each: 500, used: () => 101 * MB, seconds: 60 })
    expect(runs).toEqual([15_000, 20_000, 25_000, 30_000, 35_000, 40_000])
  })

  it('never collects while requests keep coming', () => {
    const every3s = Array.from({ length: 40 }, (_, i) => i * 3_000)
    expect(simulate({ requests: every3s, used: () => 400 * MB, seconds: 115 }).runs).toEqual([])
  })
})
