import { z } from 'zod'

import { handle, readForm, seeOther } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'
import { setLocation } from '@/server/newsletter/signup'

const schema = z.object({
  token: z.string().max(200),
  city: z.string().trim().max(100).default(''),
  state: z.string().trim().max(100).default(''),
})

/** The confirmation page's optional city and state (a native form post). */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const { token, city, state } = await readForm(request, schema, 4 * 1024)
  if (!(await setLocation(token, city, state))) return seeOther('/newsletter/confirm')
  return seeOther('/newsletter/confirm?saved=1')
})
