type Waiting<Item, Result> = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }

/**
 * Writes that a crowd asks at once, made together: a write asked while the last one for the same
 * key is under way waits for it, and every write that waited is then made by one `run` (one
 * statement, in the order they were asked), whose answers go back to each caller in that order.
 * The first write of a quiet moment starts at once, so nobody waits for a batch to fill. When a
 * run of several fails, each of its writes is made again on its own, so a write that cannot be
 * made fails alone. `run` must answer one result per item, in their order, and gets at most
 * `most` items at a time (a statement's parameters are limited).
 */
export function writeTogether<Item, Result>(
  run: (items: Item[]) => Promise<Result[]>,
  { most = Infinity }: { most?: number } = {},
): (key: string, item: Item) => Promise<Result> {
  const queues = new Map<string, Waiting<Item, Result>[]>()

  async function drain(key: string, waiting: Waiting<Item, Result>[]): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, most)
      try {
        const results = await run(batch.map((w) => w.item))
        batch.forEach((w, n) => w.resolve(results[n]!))
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error)
        else for (const w of batch) await run([w.item]).then(([result]) => w.resolve(result!), w.reject)
      }
    }
    queues.delete(key)
  }

  return (key, item) => {
    let waiting = queues.get(key)
    const idle = !waiting
    if (!waiting) {
      waiting = []
      queues.set(key, waiting)
    }
    const result = new Promise<Result>((resolve, reject) => waiting.push({ item, resolve, reject }))
    if (idle) void drain(key, waiting)
    return result
  }
}
