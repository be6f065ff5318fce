import crypto from 'node:crypto'

import { ValidationError, type CollectionBeforeOperationHook } from 'payload'

import { newPassword } from '@/modules/team/contract/auth'

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change it.'
export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct.'

const invalid = (message: string, path = 'password') =>
  new ValidationError({ collection: 'users', errors: [{ message, path }] })

/** Checks a password against a stored Payload hash (pbkdf2-sha256, current or legacy parameters). */
async function passwordMatches(password: string, hash: string, salt: string): Promise<boolean> {
  const current = hash.startsWith('pbkdf2-sha256-v1:')
  const expected = Buffer.from(current ? hash.slice('pbkdf2-sha256-v1:'.length) : hash, 'hex')
  const derived = await new Promise<Buffer>((resolve, reject) =>
    crypto.pbkdf2(password, salt, current ? 600_000 : 25_000, current ? 32 : 512, 'sha256', (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )
  return derived.length === expected.length && crypto.timingSafeEqual(derived, expected)
}

/**
 * The site's password rules on every path that sets a password (create, update, Payload's
 * reset-password): at least 8 and at most 200 characters. Changing your own password needs the
 * current one (`currentPassword`, never stored); a password is set on one account at a time.
 */
export const enforcePasswordPolicy: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'create' && operation !== 'update' && operation !== 'resetPassword') return args
  const data = (args as { data?: Record<string, unknown> }).data
  if (!data) return args
  const { currentPassword, ...rest } = data
  ;(args as { data: Record<string, unknown> }).data = rest
  if (rest.password === undefined || rest.password === null || rest.password === '') return args
  const policy = newPassword.safeParse(rest.password)
  if (!policy.success) throw invalid(policy.error.issues[0]!.message)
  if (operation !== 'update') return args

  const id = (args as { id?: string | number }).id
  if (id === undefined) throw invalid('Set a password on one account at a time.')
  if (req.user && String(req.user.id) === String(id)) {
    if (typeof currentPassword !== 'string' || !currentPassword)
      throw invalid(CURRENT_PASSWORD_REQUIRED, 'currentPassword')
    const stored = (await req.payload.db.findOne({ collection: 'users', where: { id: { equals: id } }, req })) as {
      hash?: string
      salt?: string
    } | null
    if (!stored?.hash || !stored.salt || !(await passwordMatches(currentPassword, stored.hash, stored.salt))) {
      throw invalid(CURRENT_PASSWORD_WRONG, 'currentPassword')
    }
  }
  return args
}
