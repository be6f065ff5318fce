import { describe, expect, it } from 'vitest'

import { isUnauthorizedError } from '@/ui/api-client'
import { ApiError, throwIfNotOk } from '@/ui/apiError'

const answer = (status: number, body: string, statusText = '') =>
  new Response(body, { status, statusText, headers: { 'Content-Type': 'application/json' } })

async function errorOf(res: Response): Promise<ApiError> {
  try {
    await throwIfNotOk(res)
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('no error was raised')
}

describe('an error answer of the API in the browser', () => {
  it('reads "status: body", or the status text when the body is empty', async () => {
    expect((await errorOf(answer(409, '{"message":"Sold out"}'))).message).toBe('409: {"message":"Sold out"}')
    expect((await errorOf(answer(502, '', 'Bad Gateway'))).message).toBe('502: Bad Gateway')
  })

  it("gives the server's message and its field messages", async () => {
    const error = await errorOf(answer(400, '{"message":"Please check","errors":{"email":"Invalid email"}}'))
    expect(error.status).toBe(400)
    expect(error.serverMessage).toBe('Please check')
    expect(error.fieldErrors).toEqual({ email: 'Invalid email' })
    expect(error.body?.errors).toEqual({ email: 'Invalid email' })
  })

  it('has no server message nor fields when the body is not the JSON error', async () => {
    const error = await errorOf(answer(500, 'upstream failed'))
    expect(error.serverMessage).toBeNull()
    expect(error.fieldErrors).toEqual({})
    expect(error.body).toBeNull()
  })

  it('a 401 that mentions Unauthorized means signed out', async () => {
    expect(isUnauthorizedError(await errorOf(answer(401, '{"message":"Unauthorized"}')))).toBe(true)
    expect(isUnauthorizedError(await errorOf(answer(403, '{"message":"Unauthorized"}')))).toBe(false)
  })

  it('an OK answer raises nothing', async () => {
    await expect(throwIfNotOk(answer(200, '[]'))).resolves.toBeUndefined()
  })
})
