import type { Payload } from 'payload'

/** Creates the owner from OWNER_EMAIL + OWNER_PASSWORD when no user exists yet (unattended installs). */
export async function bootstrapOwner(payload: Payload): Promise<boolean> {
  const email = process.env.OWNER_EMAIL?.trim().toLowerCase()
  const password = process.env.OWNER_PASSWORD
  if (!email || !password) return false
  const { totalDocs } = await payload.count({ collection: 'users', overrideAccess: true })
  if (totalDocs > 0) return false
  await payload.create({
    collection: 'users',
    data: { email, password, role: 'owner', isActive: true },
    overrideAccess: true,
  })
  return true
}
