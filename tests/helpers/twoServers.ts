import { afterAll, beforeAll } from 'vitest'

import { freePort } from '../../scripts/lib/freePort'
import { Db } from './checkout'
import { createTestDatabase } from './db'
import { startServer, type TestServer } from './server'
import { OWNER_ENV } from './site'
import { TestSmtp } from './smtp'

export type TwoServers = {
  /** Two production servers on one database, started at once on it while it was empty. */
  servers: TestServer[]
  /** The mail server both send through; `smtpPort` starts it again after a stop. */
  smtp: TestSmtp
  smtpPort: number
  db: Db
}

/**
 * Two production servers of a test file on one empty database (named after `prefix`), with OWNER,
 * the test payment provider and one SMTP server: before the file's tests they start together, so
 * the migrations, the owner and the demo content happen once; after them all close.
 */
export function useTwoServers(prefix: string): TwoServers {
  const pair = {} as TwoServers
  beforeAll(async () => {
    pair.smtpPort = await freePort()
    pair.smtp = await new TestSmtp().start(pair.smtpPort)
    const databaseUrl = await createTestDatabase(prefix)
    const env = {
      DATABASE_URL: databaseUrl,
      ...OWNER_ENV,
      PAYMENT_PROVIDER: 'test',
      SMTP_URL: `smtp://127.0.0.1:${pair.smtpPort}`,
    }
    pair.servers = await Promise.all([startServer(env), startServer(env)])
    pair.db = new Db(databaseUrl)
  }, 300_000)
  afterAll(async () => {
    await pair.db?.end()
    await Promise.all((pair.servers ?? []).map((s) => s.discard()))
    await pair.smtp?.stop()
  })
  return pair
}
