import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '../../../scripts/lib/freePort'
import { purgeFinishedJobs } from '../../../src/platform/jobs/runner'
import { Client } from '../../helpers/http'
import { useSite } from '../../helpers/site'
import { TestSmtp } from '../../helpers/smtp'

/** Emails the queue gave up on stay visible to the owner; finished jobs go after 30 days. */

const FAN = 'fan@example.com'
const CONFIRMATION = /^Please confirm your subscription to /
let smtp: TestSmtp
let smtpPort: number

beforeAll(async () => {
  smtpPort = await freePort()
  smtp = await new TestSmtp().start(smtpPort)
})
// Registered before the site's hooks, so it stops after the server.
afterAll(() => smtp?.stop())
const site = useSite('192.0.2.2', () => ({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }))

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('an email that ran out of retries', () => {
  it('is listed for the owner only, and "send again" delivers it', async () => {
    await smtp.stop()
    const visitor = new Client(site.server.url, { forwardedFor: '192.0.2.50' })
    // A sign-up mails the fan a confirmation link (the team hears of it only once confirmed).
    expect((await visitor.post('/api/newsletter/subscribe', { email: FAN })).status).toBe(200)
    await until(async () => (await site.db.emailJobs(FAN)).some((j) => Number(j.total_tried) >= 1))
    // Three days of retries, fast-forwarded: the queue records the final failure like this.
    await site.db.query(
      `UPDATE payload_jobs SET has_error = true, total_tried = 19, error = $1, processing = false WHERE task_slug = 'sendEmail' AND completed_at IS NULL`,
      [JSON.stringify({ name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1' })],
    )

    const listed = await site.owner.json('GET', '/api/admin/email-failures')
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual([
      expect.objectContaining({
        to: FAN,
        subject: expect.stringMatching(CONFIRMATION),
        attempts: 19,
        error: 'connect ECONNREFUSED 127.0.0.1',
      }),
    ])
    // Still there a while later: the runner does not drop or retry it on its own.
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect((await site.owner.json('GET', '/api/admin/email-failures')).body).toHaveLength(1)
    expect((await new Client(site.server.url).get('/api/admin/email-failures')).status).toBe(401)

    smtp = await new TestSmtp().start(smtpPort)
    const id = listed.body[0].id
    expect((await site.owner.post(`/api/admin/email-failures/${id}/retry`)).status).toBe(200)
    await smtp.waitFor((messages) => messages.some((m) => CONFIRMATION.test(m.subject ?? '')))
    expect((await site.owner.json('GET', '/api/admin/email-failures')).body).toEqual([])
    expect((await site.owner.post(`/api/admin/email-failures/${id}/retry`)).status).toBe(404)
  }, 60_000)
})

describe('purging finished jobs', () => {
  it('deletes jobs finished more than 30 days ago and keeps newer ones and failed ones', async () => {
    const insert = (completedDaysAgo: number | null, hasError: boolean, to: string) =>
      site.db.query(
        `INSERT INTO payload_jobs (id, input, task_slug, queue, total_tried, has_error, completed_at, processing, updated_at, created_at)
         VALUES (gen_random_uuid(), $1, 'sendEmail', 'email', 1, $2, CASE WHEN $3::int IS NULL THEN NULL ELSE now() - make_interval(days => $3::int) END, false, now(), now() - interval '40 days')`,
        [JSON.stringify({ to, subject: 's', text: 't', html: 'h' }), hasError, completedDaysAgo],
      )
    await insert(31, false, 'old@example.com')
    await insert(29, false, 'recent@example.com')
    await insert(null, true, 'failed@example.com')
    const client = new pg.Client({ connectionString: site.server.databaseUrl })
    await client.connect()
    try {
      expect(await purgeFinishedJobs(client as never)).toBeGreaterThanOrEqual(1)
    } finally {
      await client.end()
    }
    const left = (await site.db.emailJobs()).map((j) => j.input.to)
    expect(left).not.toContain('old@example.com')
    expect(left).toContain('recent@example.com')
    expect(left).toContain('failed@example.com')
  })
})
