import { privacyEmailSchema } from '@/modules/privacy/contract'
import { invalid } from '@/platform/errors'

const MESSAGE = 'Please enter a valid email address'

/** The address of `?email=`, lowercased; 400 when it is missing or not an address. */
export function emailQuery(request: Request): string {
  const parsed = privacyEmailSchema.safeParse({ email: new URL(request.url).searchParams.get('email') ?? '' })
  if (!parsed.success) throw invalid(MESSAGE, { email: MESSAGE })
  return parsed.data.email
}
