import { describe, expect, it } from 'vitest'

import { sharedRead } from '@/platform/db/sharedRead'

/** A read that answers when told to, counting how often it ran. */
function gatedRead<T>(answer: T) {
  const state = { runs: 0, open: () => {}, fail: (_error: Error) => {} }
  const read = () => {
    state.runs += 1
    return new Promise<T>((resolve, reject) => {
      state.open = () => resolve(answer)
      state.fail = reject
    })
  }
  return { state, read }
}

describe('sharedRead', () => {
  it('runs a read once for every caller asking while it is under way, each getting its answer', async () => {
    const { state, read } = gatedRead({ price: 25 })
    const callers = Array.from({ length: 50 }, () => sharedRead('catalog a', read))
    state.open()
    const answers = await Promise.all(callers)
    expect(state.runs).toBe(1)
    expect(answers.every((a) => a.price === 25)).toBe(true)
  })

  it('reads again for a caller asking once the read has answered', async () => {
    const { state, read } = gatedRead(1)
    const first = sharedRead('settings', read)
    state.open()
    await first
    const second = sharedRead('settings', read)
    state.open()
    await second
    expect(state.runs).toBe(2)
  })

  it('keeps reads of different keys apart', async () => {
    const a = gatedRead('a')
    const b = gatedRead('b')
    const both = Promise.all([sharedRead('catalog a', a.read), sharedRead('catalog b', b.read)])
    a.state.open()
    b.state.open()
    expect(await both).toEqual(['a', 'b'])
  })

  it('gives a failed read’s error to its callers only; the next caller reads again', async () => {
    const { state, read } = gatedRead('fine')
    const callers = [sharedRead('flaky', read), sharedRead('flaky', read)]
    state.fail(new Error('connection lost'))
    for (const caller of callers) await expect(caller).rejects.toThrow('connection lost')
    const next = sharedRead('flaky', read)
    state.open()
    expect(await next).toBe('fine')
    expect(state.runs).toBe(2)
  })
})
