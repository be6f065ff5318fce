/** The JSON error body the site's routes answer: a message, and one message per field on a 400. */
export type ApiErrorBody = { message?: string; errors?: Record<string, string> } & Record<string, unknown>

function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const parsed = text ? (JSON.parse(text) as unknown) : null
    return parsed && typeof parsed === 'object' ? (parsed as ApiErrorBody) : null
  } catch {
    return null
  }
}

/**
 * A non-OK answer of the site's API, in the browser; `message` is "status: body" (or the status
 * text when the body is empty).
 */
export class ApiError extends Error {
  override name = 'ApiError'
  /** The JSON error body, when the answer is one. */
  readonly body: ApiErrorBody | null

  constructor(
    readonly status: number,
    /** The answer's body as sent. */
    readonly text: string,
    statusText: string,
  ) {
    super(`${status}: ${text || statusText}`)
    this.body = parseErrorBody(text)
  }

  /** The server's own `message`, when the body is the API's JSON error. */
  get serverMessage(): string | null {
    return typeof this.body?.message === 'string' ? this.body.message : null
  }

  /** Field messages of a 400 validation answer (`{errors: {field: msg}}`). */
  get fieldErrors(): Record<string, string> {
    const errors = this.body?.errors
    return errors && typeof errors === 'object' ? errors : {}
  }
}

/** Raises an ApiError for a non-OK answer, after reading its body. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ''), res.statusText)
}
