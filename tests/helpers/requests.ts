import fs from 'node:fs'
import http from 'node:http'

/** The resident memory (RSS) of the production server, in bytes: the launcher runs Next.js's server in its own process. */
export function serverRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1])
  if (!kb) throw new Error(`No VmRSS for process ${pid}`)
  return kb * 1024
}

export type SentBody = { status: number; body: string; headers: http.IncomingHttpHeaders; ms: number; sent: number }

/**
 * Sends a body of `size` bytes made of `fill` without holding it in memory: with a declared
 * Content-Length, or chunked. Stops writing as soon as the server answers, as a client sending a
 * large body does when the server refuses it early.
 */
export function sendLargeBody(
  url: string,
  {
    method = 'POST',
    headers = {},
    size,
    chunked = false,
    fill = ' ',
    json = false,
  }: {
    method?: string
    headers?: Record<string, string>
    size: number
    chunked?: boolean
    fill?: string
    /** The body is one JSON object, `{"name":"xxx…"}`, of `size` bytes. */
    json?: boolean
  },
): Promise<SentBody> {
  const started = performance.now()
  const chunk = Buffer.alloc(64 * 1024, fill)
  return new Promise((resolve, reject) => {
    let sent = 0
    let answered = false
    const req = http.request(url, {
      method,
      headers: { ...headers, ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(size) }) },
    })
    req.on('response', (res) => {
      answered = true
      const parts: Buffer[] = []
      res.on('data', (part: Buffer) => parts.push(part))
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          body: Buffer.concat(parts).toString('utf8'),
          headers: res.headers,
          ms: performance.now() - started,
          sent,
        }),
      )
      res.on('error', reject)
    })
    // A server that answers and closes early resets a connection the client still writes to.
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    const head = json ? Buffer.from('{"name":"') : Buffer.alloc(0)
    const tail = json ? Buffer.from('"}') : Buffer.alloc(0)
    const write = () => {
      if (sent === 0 && head.length) {
        req.write(head)
        sent += head.length
      }
      while (!answered && sent < size) {
        const left = size - tail.length - sent
        const part = left <= 0 ? tail : left < chunk.length ? chunk.subarray(0, left) : chunk
        sent += part.length
        if (!req.write(part)) return void req.once('drain', write)
      }
      if (!answered) req.end()
    }
    write()
  })
}
