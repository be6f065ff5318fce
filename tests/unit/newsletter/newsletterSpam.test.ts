import { execFileSync } from 'node:child_process'

import nodemailer from 'nodemailer'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * Debian's SpamAssassin, without network tests (`-L`), scores the newsletter's emails exactly as
 * the sender builds them: the confirmation, the welcome and a campaign.
 */

const band = {
  name: 'The Midnight Static',
  site: 'https://midnightstatic.example',
  links: [{ title: 'Bandcamp', url: 'https://midnightstatic.bandcamp.example' }],
  shows: [
    {
      title: 'Winter Tour Opener',
      venue: 'The Crocodile',
      date: '2026-12-06T12:00:00.000Z',
      city: 'Seattle',
      state: 'WA',
      ticketUrl: 'https://tickets.example/croc',
    },
  ],
}
const SUBSCRIBER = '0b5f3f4e-8a7d-4c1e-9f51-2d7b8e1c3a90'

let emails: typeof import('../../../src/modules/newsletter/server/emails')

beforeAll(async () => {
  process.env.PAYLOAD_SECRET ??= 'spam-test-secret-spam-test-secret-0123'
  process.env.SITE_URL = band.site
  emails = await import('../../../src/modules/newsletter/server/emails')
})

async function build(content: { subject: string; text: string; html: string; headers?: Record<string, string> }) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const info = await transport.sendMail({
    from: { name: band.name, address: 'news@midnightstatic.example' },
    to: 'fan@example.org',
    subject: content.subject,
    text: content.text,
    html: content.html,
    headers: content.headers,
  })
  return (info as unknown as { message: Buffer }).message
}

function score(message: Buffer): { score: number; report: string } {
  const out = execFileSync('spamassassin', ['-L', '-t'], { input: message, maxBuffer: 10 * 1024 * 1024 }).toString()
  const status = out.match(/^X-Spam-Status: .*?score=(-?[\d.]+)/m)
  if (!status) throw new Error(`No X-Spam-Status in:\n${out.slice(0, 2000)}`)
  return { score: Number(status[1]), report: out.slice(out.indexOf('Content analysis details')) }
}

describe('SpamAssassin scores the newsletter emails at most 1.0', () => {
  it('the confirmation email', async () => {
    const message = await build(emails.confirmationEmail(band, 'a-confirmation-token-0123456789abcdef'))
    const { score: s, report } = score(message)
    expect(s, report).toBeLessThanOrEqual(1.0)
  })

  it('the welcome email, with the list headers, a Message-ID and a text part', async () => {
    const message = await build(emails.welcomeEmail(band, SUBSCRIBER))
    const text = message.toString()
    expect(text).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/midnightstatic\.example\/api\/newsletter\/unsubscribe\?token=/m,
    )
    expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)
    expect(text).toMatch(/^Message-ID: <.+@midnightstatic\.example>/m)
    expect(text).toContain('Content-Type: text/plain')
    const { score: s, report } = score(message)
    expect(s, report).toBeLessThanOrEqual(1.0)
  })

  it('a campaign', async () => {
    const render = emails.campaignRenderer(
      band,
      'Winter tour: four new dates',
      '# Winter tour\n\nWe are playing **four new shows** this December, starting in Seattle.\n\n' +
        '- Dec 6: The Crocodile, Seattle\n- Dec 8: Doug Fir, Portland\n\n' +
        'Tickets are on sale now at [our site](https://midnightstatic.example). See you there!',
    )
    const message = await build(render(SUBSCRIBER))
    const text = message.toString()
    expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)
    const { score: s, report } = score(message)
    expect(s, report).toBeLessThanOrEqual(1.0)
  })
})
