import type { Page } from '@playwright/test'

/**
 * Records every layout shift of the pages `page` opens from here on, as the Cumulative Layout Shift
 * counts them (none that the user's own input caused), each with what moved: the element's tag, id
 * and class and its rectangle before and after, and the time, so that a failure says whether the
 * page or the test moved. Answers a function that reads the list so far.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    type ShiftSource = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }
    type Shift = { value: number; hadRecentInput: boolean; startTime: number; sources?: ShiftSource[] }
    const shifts: string[] = []
    ;(window as unknown as { layoutShifts: string[] }).layoutShifts = shifts
    const described = ({ node, previousRect: a, currentRect: b }: ShiftSource) => {
      const element = node instanceof Element ? node : node?.parentElement
      const name = element ? `${element.tagName.toLowerCase()}#${element.id}.${element.className}` : String(node)
      return `${name} (${a.x},${a.y} ${a.width}x${a.height} -> ${b.x},${b.y} ${b.width}x${b.height})`
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[])
        if (!entry.hadRecentInput)
          shifts.push(
            `${entry.value} at ${Math.round(entry.startTime)} ms: ${(entry.sources ?? []).map(described).join('; ')}`,
          )
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return () => page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts)
}
