const key = Symbol.for('bandsite.tests.unique')
const state = ((globalThis as Record<symbol, { n: number }>)[key] ??= { n: 0 })

/**
 * A number this process has not given out before: names made from it differ across the test files
 * that one worker runs on a shared site, even after the test modules are loaded again.
 */
export function unique(): number {
  return ++state.n
}
