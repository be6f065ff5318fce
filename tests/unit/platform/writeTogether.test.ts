import { describe, expect, it } from 'vitest'

import { writeTogether } from '@/platform/db/writeTogether'

/** A store whose writes answer when told to, keeping every run it was asked for. */
function gatedStore() {
  const runs: number[][] = []
  const gates: (() => void)[] = []
  const write = writeTogether(async (items: number[]) => {
    runs.push(items)
    await new Promise<void>((resolve) => gates.push(resolve))
    if (items.includes(13)) throw new Error(`refused: ${items.join(',')}`)
    return items.map((item) => item * 10)
  })
  /** Lets every run under way answer, until none is left. */
  const openAll = async () => {
    for (let i = 0; i < 100; i++) {
      await new Promise((resolve) => setImmediate(resolve))
      gates.splice(0).forEach((open) => open())
    }
  }
  return { runs, write, openAll }
}

describe('writeTogether', () => {
  it('starts the first write at once, then makes every write asked meanwhile in one run, in order', async () => {
    const { runs, write, openAll } = gatedStore()
    const answers = Promise.all([1, 2, 3, 4, 5].map((n) => write('orders', n)))
    expect(runs).toEqual([[1]])
    await openAll()
    expect(await answers).toEqual([10, 20, 30, 40, 50])
    expect(runs).toEqual([[1], [2, 3, 4, 5]])
  })

  it('keeps keys apart: each key has its own runs', async () => {
    const { runs, write, openAll } = gatedStore()
    const answers = Promise.all([write('a', 1), write('b', 2), write('a', 3)])
    expect(runs).toEqual([[1], [2]])
    await openAll()
    expect(await answers).toEqual([10, 20, 30])
    expect(runs).toContainEqual([3])
  })

  it('makes each write of a failed run again on its own: only the one that cannot be written fails', async () => {
    const { runs, write, openAll } = gatedStore()
    const answers = Promise.all([1, 2, 13, 4].map((n) => write('orders', n).catch((error: Error) => error.message)))
    await openAll()
    expect(await answers).toEqual([10, 20, 'refused: 13', 40])
    expect(runs).toEqual([[1], [2, 13, 4], [2], [13], [4]])
  })

  it('makes at most `most` writes a run, the rest in the next runs, in order', async () => {
    const runs: number[][] = []
    const write = writeTogether(
      async (items: number[]) => {
        runs.push(items)
        await new Promise((resolve) => setImmediate(resolve))
        return items
      },
      { most: 3 },
    )
    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => write('orders', n)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(runs).toEqual([[1], [2, 3, 4], [5, 6, 7], [8]])
  })

  it('starts at once again once the key is quiet', async () => {
    const { runs, write, openAll } = gatedStore()
    const first = write('orders', 1)
    await openAll()
    await first
    const second = write('orders', 2)
    expect(runs).toEqual([[1], [2]])
    await openAll()
    expect(await second).toBe(20)
  })
})
