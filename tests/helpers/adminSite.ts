import type { Payload } from 'payload'
import { afterAll, beforeAll } from 'vitest'

import { Client } from './http'
import { payloadFor } from './payload'
import { startServer, type TestServer } from './server'
import { account, addMembers, OWNER_ENV, signIn } from './site'
import { startMailbox, type Mailbox } from './smtp'

export type AdminSite = {
  server: TestServer
  payload: Payload
  /** Where the site's email goes. */
  mailbox: Mailbox
  owner: Client
  manager: Client
  /** A new client from an address of its own. */
  fresh: () => Client
}

/**
 * The production server of a team API test file, sending its email to a local mailbox: the owner
 * and a manager (made in the database) are signed in before the file's tests. `env` adds settings
 * (the test payment provider, say).
 */
export function useAdminSite(env: Record<string, string> = {}): AdminSite {
  let ip = 0
  const site = {} as AdminSite
  site.fresh = () => new Client(site.server.url, { forwardedFor: `198.19.1.${++ip}` })
  beforeAll(async () => {
    site.mailbox = await startMailbox()
    site.server = await startServer({
      ...OWNER_ENV,
      SMTP_URL: site.mailbox.url,
      MAIL_FROM: 'band@example.com',
      ...env,
    })
    site.payload = await payloadFor(site.server.databaseUrl)
    await addMembers(site.payload, ['manager'])
    site.owner = site.fresh()
    site.manager = site.fresh()
    await signIn(site.owner)
    await signIn(site.manager, account('manager'))
  })
  afterAll(async () => {
    await site.server?.discard()
    await site.mailbox?.close()
  })
  return site
}
