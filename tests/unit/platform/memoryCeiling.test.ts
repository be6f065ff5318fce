import { describe, expect, it } from 'vitest'

import { ceilingCollection } from '@/platform/runtime/idleCollect'

const MB = 1024 * 1024

/**
 * A server's memory over time, checked every 500 ms as the server does: `rss` is what the process
 * holds before a collection, `afterCollection` what it holds after one.
 */
function simulate(rss: (t: number) => number, afterCollection: (t: number) => number, seconds: number) {
  let t = 0
  let collectedAt = -Infinity
  const runs: number[] = []
  const lines: string[] = []
  const check = ceilingCollection({
    ceilingMb: 384,
    lastCollectedAt: () => collectedAt,
    collected: () => (collectedAt = t),
    readRss: () => rss(t),
    run: () => {
      runs.push(t)
      return { before: { used: 0, rss: rss(t) }, after: { used: 0, rss: afterCollection(t) } }
    },
    now: () => t,
    log: (line) => lines.push(line),
  })
  for (; t <= seconds * 1000; t += 500) check()
  return { runs, lines }
}

describe('collection over the memory ceiling', () => {
  it('never runs while the process stays under its ceiling', () => {
    expect(
      simulate(
        () => 383 * MB,
        () => 200 * MB,
        60,
      ).runs,
    ).toEqual([])
  })

  it('runs as soon as a busy process is over its ceiling, then at most every 2 s while it stays over', () => {
    const { runs, lines } = simulate(
      (t) => (t >= 3_000 ? 400 * MB : 300 * MB),
      () => 250 * MB,
      10,
    )
    expect(runs).toEqual([3_000, 5_000, 7_000, 9_000])
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('Over the memory ceiling (384 MB): memory collected 1 time(s)')
  })

  it('waits twice as long each time a collection leaves it over the ceiling, up to a minute', () => {
    const { runs } = simulate(
      () => 500 * MB,
      () => 450 * MB,
      200,
    )
    expect(runs.slice(0, 6)).toEqual([0, 4_000, 12_000, 28_000, 60_000, 120_000])
    expect(runs[6]).toBe(180_000)
  })
})
