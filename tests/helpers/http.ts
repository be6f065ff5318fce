/** A tiny browser-like client: keeps its session cookie and sends the site's Origin like a browser. */
export class Client {
  cookie: string | null = null

  constructor(
    readonly base: string,
    readonly options: { origin?: string | null; forwardedFor?: string } = {},
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const h: Record<string, string> = { ...headers }
    const origin = this.options.origin === undefined ? this.base : this.options.origin
    if (origin) h.Origin = origin
    if (this.options.forwardedFor) h['X-Forwarded-For'] = this.options.forwardedFor
    if (this.cookie) h.Cookie = this.cookie
    let payload: BodyInit | undefined
    if (body !== undefined) {
      if (typeof body === 'string') payload = body
      else {
        payload = JSON.stringify(body)
        h['Content-Type'] ??= 'application/json'
      }
    }
    const send = () => fetch(this.base + path, { method, headers: h, body: payload, redirect: 'manual' })
    let res: Response
    try {
      res = await send()
    } catch (error) {
      // A kept-alive connection the server closed as idle just as this request reused it fails
      // with a reset before any answer; browsers send such a request again on a new connection.
      if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error
      res = await send()
    }
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('payload-token='))
    if (setCookie) {
      const value = setCookie.split(';')[0]!
      const cleared =
        value === 'payload-token=' || /Expires=Thu, 01 Jan 1970/i.test(setCookie) || /Max-Age=0\b/i.test(setCookie)
      this.cookie = cleared ? null : value
    }
    return res
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers)
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body, headers)
  patch = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('PATCH', path, body, headers)
  del = (path: string, headers?: Record<string, string>) => this.request('DELETE', path, undefined, headers)

  async json<T = any>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; res: Response }> {
    const res = await this.request(method, path, body)
    const text = await res.text()
    let parsed: any = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // Not JSON (an HTML page or CSV): the test reads the text.
    }
    return { status: res.status, body: parsed as T, res }
  }
}
