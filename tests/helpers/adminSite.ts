import type { Payload } from 'payload'
import { afterAll, beforeAll, expect } from 'vitest'

import { Db } from './checkout'
import { Client } from './http'
import { payloadFor } from './payload'
import { startServer, type TestServer } from './server'
import { nextFileNumber, SHARED_MAIL_FROM, sharedSite } from './sharedSite'
import { account, addMembers, OWNER_ENV, signIn } from './site'
import { startMailbox, type Mailbox } from './smtp'

export type AdminSite = {
  server: TestServer
  payload: Payload
  /** Where the site's email goes (shared with the worker's other files on the shared site). */
  mailbox: Mailbox
  owner: Client
  manager: Client
  /** The viewer (`viewer@example.com`), signed in: with `{ viewer: true }` only. */
  viewer: Client
  /** The site's database in SQL: with `{ db: true }` only. */
  db: Db
  /** A new client from an address of its own. */
  fresh: () => Client
  /** A client address (X-Forwarded-For) of the file's own, not given out before. */
  address: () => string
}

/** Each file's block of client addresses in 198.18.0.0/15 (the benchmarking range): 127 files of 1023. */
const ADDRESSES_PER_FILE = 1024
const address = (index: number) => `198.${18 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`

export type AdminSiteOptions = {
  /** Settings for a server of the file's own (the test payment provider, say). */
  env?: Record<string, string>
  /** A server of the file's own even without settings (for a file that needs an empty site). */
  own?: boolean
  /** Signs a viewer in as `site.viewer`. */
  viewer?: boolean
  /** Opens `site.db`. */
  db?: boolean
  /**
   * The site-wide settings the file changes, as team API paths answering GET and PUT (such as
   * `/api/admin/theme-settings`): read before the file's tests and put back after them.
   */
  restores?: string[]
}

/**
 * The production server of a team API test file, sending its email to a local mailbox: the owner
 * and a manager (and, asked for, a viewer) are signed in before the file's tests. Without `env` or `own`
 * the file uses its worker's shared site (`sharedSite.ts`): it then makes its own data with names
 * and email addresses of its own, reads only the mail sent to its own recipients, restores any
 * site-wide setting it changes, and takes its client addresses from `fresh()` and `address()`,
 * which differ from those of every other file of the worker. With them it starts a server of its own.
 */
export function useAdminSite(options: AdminSiteOptions = {}): AdminSite {
  const { env, viewer = false, db = false, restores = [] } = options
  const own = Boolean(env || options.own)
  let ip = 0
  let block = 0
  const saved = new Map<string, unknown>()
  const site = {} as AdminSite
  site.address = () => {
    if (++ip >= ADDRESSES_PER_FILE) throw new Error(`A test file used more than ${ADDRESSES_PER_FILE - 1} addresses`)
    return address(block * ADDRESSES_PER_FILE + ip)
  }
  site.fresh = () => new Client(site.server.url, { forwardedFor: site.address() })
  beforeAll(async () => {
    if (own) {
      site.mailbox = await startMailbox()
      site.server = await startServer({ ...OWNER_ENV, SMTP_URL: site.mailbox.url, MAIL_FROM: SHARED_MAIL_FROM, ...env })
      site.payload = await payloadFor(site.server.databaseUrl)
      await addMembers(site.payload, ['manager', 'viewer'])
    } else {
      block = nextFileNumber()
      if (block >= 2 ** 17 / ADDRESSES_PER_FILE)
        throw new Error('A worker ran more files on its shared site than it has addresses')
      Object.assign(site, await sharedSite())
    }
    site.owner = await signIn(site.fresh())
    site.manager = await signIn(site.fresh(), account('manager'))
    if (viewer) site.viewer = await signIn(site.fresh(), account('viewer'))
    if (db) site.db = new Db(site.server.databaseUrl)
    for (const path of restores) {
      const got = await site.owner.json('GET', path)
      expect(got.status, path).toBe(200)
      // Put back whatever the file's tests saved since (no version to check against).
      const { updatedAt: _version, ...settings } = got.body as Record<string, unknown>
      saved.set(path, settings)
    }
  })
  afterAll(async () => {
    for (const [path, body] of saved) {
      const put = await site.owner.json('PUT', path, body)
      expect(put.status, `${path}: ${JSON.stringify(put.body)}`).toBe(200)
    }
    await site.db?.end()
    if (!own) return
    await site.server?.discard()
    await site.mailbox?.close()
  })
  return site
}
