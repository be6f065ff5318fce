import type { ParsedMail } from 'mailparser'
import pg from 'pg'
import { afterAll, beforeAll, expect } from 'vitest'

import { freePort } from '../../../scripts/lib/freePort'
import { cms } from '../../helpers/checkout'
import { Client } from '../../helpers/http'
import { useSite } from '../../helpers/site'
import { TestSmtp } from '../../helpers/smtp'

/** The newsletter tests' site (newsletter.test.ts), its real SMTP server and database, and their steps. */

export const NOTIFY = 'band@example.com'

export const header = (m: ParsedMail, key: string) =>
  m.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, '')
export const linkIn = (m: ParsedMail, pathname: string) => {
  const found = m.text?.match(new RegExp(`https?://[^\\s]+${pathname.replace(/\//g, '\\/')}\\?token=[^\\s]+`))
  if (!found) throw new Error(`No ${pathname} link in: ${m.text}`)
  const url = new URL(found[0])
  return url.pathname + url.search
}

/**
 * Starts an SMTP server that refuses addresses starting with "nosuchfan", the site sending through
 * it (the team notified at NOTIFY), and a database pool; answers them with the tests' steps.
 */
export function newsletterSite() {
  let smtp: TestSmtp
  let smtpPort: number
  let pool: pg.Pool

  beforeAll(async () => {
    smtpPort = await freePort()
    smtp = await new TestSmtp({ refuse: (address) => address.startsWith('nosuchfan') }).start(smtpPort)
  })
  afterAll(() => smtp?.stop())
  const site = useSite('192.0.2.2', () => ({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'news@band.example',
    NEWSLETTER_RATE: 'off',
  }))
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: site.server.databaseUrl, max: 2 })
    await cms(site.owner, 'POST', '/globals/theme-settings', { notificationEmail: NOTIFY })
  })
  afterAll(() => pool?.end())

  return {
    site,
    get smtp() {
      return smtp
    },
    get pool() {
      return pool
    },
    ...steps(site, () => pool),
  }
}

type Site = ReturnType<typeof useSite>

/** The steps the tests take through the site, and straight in its database. */
function steps(site: Site, db: () => pg.Pool) {
  let ip = 10
  const fan = () => new Client(site.server.url, { forwardedFor: `203.0.113.${ip++}` })
  const signUp = async (email: string) => {
    const res = await fan().json('POST', '/api/newsletter/subscribe', { email })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Subscribed', email })
  }
  const subscriber = async (email: string) =>
    (await db().query('SELECT * FROM subscribers WHERE email = $1', [email])).rows[0]

  /** Confirmed subscribers written straight into the database, for campaigns; answers their addresses. */
  async function confirmedFans(prefix: string, n: number, city: string): Promise<string[]> {
    const { rows } = await db().query<{ email: string }>(
      `INSERT INTO subscribers (email, status, is_active, source, signed_up_at, confirmed_at, city)
      SELECT $1 || i || '@fans.test', 'confirmed', true, 'form', now(), now(), $3
        FROM generate_series(1, $2::int) AS i RETURNING email`,
      [prefix, n, city],
    )
    return rows.map((r) => r.email)
  }

  async function sendCampaign(subject: string, body: string, city: string) {
    const created = await site.owner.json('POST', '/api/admin/campaigns', { subject, body, audience: { city } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    // The draft names who a send would reach now: the audience's confirmed subscribers.
    const confirmedThere = await db().query(
      `SELECT count(*)::int AS n FROM subscribers WHERE status = 'confirmed' AND lower(city) = lower($1)`,
      [city],
    )
    expect(created.body.audienceSize).toBe(confirmedThere.rows[0].n)
    const sent = await site.owner.json('POST', `/api/admin/campaigns/${created.body.id}/send`, {})
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    return created.body.id as string
  }

  async function waitForStatus(id: string, status: string, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const { body } = await site.owner.json('GET', `/api/admin/campaigns/${id}`)
      if (body.status === status) return body
      if (Date.now() > deadline) throw new Error(`Campaign still ${body.status}: ${JSON.stringify(body)}`)
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
  }

  /** The one-click unsubscribe a mail provider makes from a link's path: a form POST with no cookie. */
  const oneClick = (path: string) =>
    fetch(site.server.url + path.replace('/newsletter/unsubscribe', '/api/newsletter/unsubscribe'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      redirect: 'manual',
    })

  /** The campaigns whose subject ends with this show's title, as the team's list answers them. */
  const campaignsAbout = async (title: string) =>
    (
      (await site.owner.json('GET', '/api/admin/campaigns')).body.docs as {
        subject: string
        status: string
        body: string
      }[]
    ).filter((c) => c.subject.endsWith(title))

  return { fan, signUp, subscriber, confirmedFans, sendCampaign, waitForStatus, oneClick, campaignsAbout }
}
