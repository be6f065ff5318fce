import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type StatusLog = { total: number; byStatus: Map<number, number>; serverErrors: string[] }

/** A forward proxy for plain http that counts the target's answers by status. */
export async function startLoggingProxy(base: string): Promise<{ url: string; log: StatusLog; close: () => void }> {
  const target = new URL(base)
  const log: StatusLog = { total: 0, byStatus: new Map(), serverErrors: [] }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base)
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port || 80,
        method: req.method,
        path: url.pathname + url.search,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        const status = answer.statusCode ?? 0
        log.total++
        log.byStatus.set(status, (log.byStatus.get(status) ?? 0) + 1)
        if (status >= 500) log.serverErrors.push(`${status} ${req.method} ${url.pathname}${url.search}`)
        res.writeHead(status, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', (error) => {
      log.serverErrors.push(`no answer (${error.message}) ${req.method} ${url.pathname}${url.search}`)
      res.writeHead(502).end()
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, log, close: () => server.close() }
}
