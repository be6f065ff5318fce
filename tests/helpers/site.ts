import type { Payload } from 'payload'
import { afterAll, beforeAll, expect } from 'vitest'

import type { Role } from '@/platform/access/roles'

import { Db } from './checkout'
import { Client } from './http'
import { startServer, type TestServer } from './server'

/** A team account of the test sites: `<role>@example.com` with the password `<role>-password`. */
export const account = (role: Role) => ({ email: `${role}@example.com`, password: `${role}-password` })

/** The owner the test servers create at start (OWNER_EMAIL and OWNER_PASSWORD in OWNER_ENV). */
export const OWNER = account('owner')
export const OWNER_ENV = { OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password }

/** Signs `client` in as `who` (the owner unless said otherwise); the sign-in must succeed. */
export async function signIn(client: Client, who: { email: string; password: string } = OWNER): Promise<Client> {
  expect((await client.post('/api/auth/login', who)).status).toBe(200)
  return client
}

/** Creates the accounts of team members with these roles straight in the database. */
export async function addMembers(payload: Payload, roles: readonly Exclude<Role, 'owner'>[]) {
  for (const role of roles) {
    await payload.create({ collection: 'users', data: { ...account(role), role } as never, overrideAccess: true })
  }
}

export type Site = { server: TestServer; owner: Client; db: Db }

/**
 * The production server of a test file, with OWNER: before the file's tests it starts, the owner
 * signs in from the address `ownerAddress` and the database is opened; after them both close.
 * `env` is read as the server starts, so it may name what earlier hooks started.
 */
export function useSite(ownerAddress: string, env: () => Record<string, string> = () => ({})): Site {
  const site = {} as Site
  beforeAll(async () => {
    site.server = await startServer({ ...OWNER_ENV, ...env() })
    site.owner = await signIn(new Client(site.server.url, { forwardedFor: ownerAddress }))
    site.db = new Db(site.server.databaseUrl)
  })
  afterAll(async () => {
    await site.db?.end()
    await site.server?.discard()
  })
  return site
}

/** Invites a team member through the dashboard's API as the owner; answers their invitation token and id. */
export async function invite(site: Site, email: string, role: Exclude<Role, 'owner'> = 'viewer') {
  const invited = await site.owner.json('POST', '/api/admin/users/invite', { email, role })
  expect(invited.status, JSON.stringify(invited.body)).toBeLessThan(300)
  return { token: new URL(invited.body.inviteUrl).searchParams.get('invite')!, id: invited.body.user.id as string }
}

/** An invited team member who accepted with `password` and is signed in from the address `from`. */
export async function member(
  site: Site,
  email: string,
  role: Exclude<Role, 'owner'>,
  from: string,
  password = 'member-password-1',
) {
  const { token, id } = await invite(site, email, role)
  const client = new Client(site.server.url, { forwardedFor: from })
  expect((await client.post('/api/auth/accept-invite', { token, password })).status).toBe(200)
  return { client, id, password }
}
