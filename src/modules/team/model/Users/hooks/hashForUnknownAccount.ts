import crypto from 'node:crypto'
import { promisify } from 'node:util'

import type { CollectionBeforeOperationHook } from 'payload'

const pbkdf2 = promisify(crypto.pbkdf2)

// Payload's password hash: PBKDF2-SHA256, 600,000 iterations, 32 bytes, a 32-byte hex salt.
const ITERATIONS = 600_000
const KEY_LENGTH = 32
const UNKNOWN_SALT = crypto.randomBytes(32).toString('hex')

/**
 * A sign-in for an address without an account costs the same password hash as a wrong password
 * for a real one, so the time of the answer does not tell who has an account. Payload hashes only
 * when it finds the account; this hook looks the address up the way Payload does and, when there
 * is none, hashes the given password against a throwaway salt before Payload refuses it.
 */
export const hashForUnknownAccount: CollectionBeforeOperationHook = async ({ args, collection, operation, req }) => {
  if (operation !== 'login') return args
  const { email, password } = ((args as { data?: { email?: unknown; password?: unknown } }).data ?? {}) as {
    email?: unknown
    password?: unknown
  }
  if (typeof email !== 'string' || !email.trim() || typeof password !== 'string' || !password.trim()) return args
  const account = await req.payload.db.findOne({
    collection: collection.slug,
    req,
    select: { id: true },
    where: { email: { equals: email.toLowerCase().trim() } },
  })
  if (!account) await pbkdf2(password, UNKNOWN_SALT, ITERATIONS, KEY_LENGTH, 'sha256')
  return args
}
