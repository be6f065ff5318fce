import 'server-only'

import { PaymentProviderError } from './types'

export type PayPalConfig = {
  clientId: string
  clientSecret: string
  apiBase: string
  timeoutMs: number
  webhookId: string | null
}

type PayPalErrorBody = {
  name?: string
  message?: string
  debug_id?: string
  details?: { issue?: string; description?: string }[]
  error_description?: string
}

const RETRY_DELAYS_MS = [300, 1000]

export type CallOptions = { body?: unknown; rawBody?: string; requestId?: string; prefer?: string; retry?: boolean }

/**
 * PayPal's REST API over HTTP: OAuth client credentials (the token cached until a minute before it
 * expires) and JSON calls. Every call has a timeout; calls that are safe to repeat (GETs and those
 * carrying a PayPal-Request-Id) are retried on a timeout, a network error or a 5xx, with the same
 * request id so PayPal does the work only once.
 */
export class PayPalHttp {
  private token: { value: string; expiresAt: number } | null = null

  constructor(private readonly config: PayPalConfig) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64')
    const res = await this.send('POST', '/v1/oauth2/token', {
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    })
    const body = (await readBody(res)) as { access_token?: string; expires_in?: number } & PayPalErrorBody
    if (!res.ok || !body.access_token) {
      throw new PaymentProviderError(
        res.status === 401
          ? 'PayPal refused the client id and secret (PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET).'
          : `PayPal sign-in failed (HTTP ${res.status}${body.error_description ? `: ${body.error_description}` : ''}).`,
        { status: res.status },
      )
    }
    const lifetime = Math.max(60, Number(body.expires_in ?? 3600))
    this.token = { value: body.access_token, expiresAt: Date.now() + (lifetime - 60) * 1000 }
    return body.access_token
  }

  async call<T>(
    method: 'GET' | 'POST',
    path: string,
    { body, rawBody, requestId, prefer, retry }: CallOptions = {},
  ): Promise<T> {
    const retryable = retry || method === 'GET' || Boolean(requestId)
    let lastError: PaymentProviderError | null = null
    for (let attempt = 0; attempt <= (retryable ? RETRY_DELAYS_MS.length : 0); attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt - 1]))
      try {
        const headers: Record<string, string> = {
          Authorization: `Bearer ${await this.accessToken()}`,
          Accept: 'application/json',
        }
        const text = rawBody ?? (body === undefined ? undefined : JSON.stringify(body))
        if (text !== undefined) headers['Content-Type'] = 'application/json'
        if (requestId) headers['PayPal-Request-Id'] = requestId
        if (prefer) headers.Prefer = prefer
        const res = await this.send(method, path, { headers, body: text })
        const parsed = (await readBody(res)) as T & PayPalErrorBody
        if (res.ok) return parsed
        if (res.status === 401 && attempt === 0) {
          // The cached token expired early: sign in again once.
          this.token = null
          lastError = new PaymentProviderError('PayPal refused the access token.', { status: 401 })
          continue
        }
        const issue = parsed.details?.[0]?.issue ?? parsed.name
        const error = new PaymentProviderError(
          `PayPal answered ${method} ${path} with HTTP ${res.status}${issue ? ` (${issue})` : ''}${parsed.debug_id ? `, debug id ${parsed.debug_id}` : ''}.`,
          { status: res.status, issue, debugId: parsed.debug_id, outcomeUnknown: res.status >= 500 },
        )
        if (res.status < 500) throw error
        lastError = error
      } catch (error) {
        if (error instanceof PaymentProviderError && !(error.options.outcomeUnknown || error.options.timedOut))
          throw error
        lastError = error instanceof PaymentProviderError ? error : toNetworkError(error, method, path)
      }
      if (!retryable) break
    }
    throw lastError ?? new PaymentProviderError(`PayPal did not answer ${method} ${path}.`, { outcomeUnknown: true })
  }

  private async send(
    method: string,
    path: string,
    init: { headers: Record<string, string>; body?: string },
  ): Promise<Response> {
    try {
      return await fetch(this.config.apiBase + path, {
        method,
        ...init,
        signal: AbortSignal.timeout(this.config.timeoutMs),
      })
    } catch (error) {
      throw toNetworkError(error, method, path)
    }
  }
}

function toNetworkError(error: unknown, method: string, path: string): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
  return new PaymentProviderError(
    timedOut
      ? `PayPal did not answer ${method} ${path} in time.`
      : `Could not reach PayPal for ${method} ${path}: ${(error as Error).message}.`,
    { timedOut, outcomeUnknown: true },
  )
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text()
  if (!text) return {}
  try {
    return JSON.parse(text)
  } catch {
    return { message: text.slice(0, 200) }
  }
}
