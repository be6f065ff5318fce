import { z } from 'zod'

import { handle, readForm, seeOther } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'
import { setLocation } from '@/modules/newsletter/server/signup'

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
