import net from 'node:net'

import nodemailer from 'nodemailer'

import { createMailTransport } from '@/platform/email/mailTransport'

/** NEWSLETTER_RATE: messages per second across every instance; 0 or "off" is unlimited. */
export const DEFAULT_NEWSLETTER_RATE = 5
export function newsletterRate(value = process.env.NEWSLETTER_RATE): number {
  if (value === undefined || value.trim() === '') return DEFAULT_NEWSLETTER_RATE
  if (value.trim() === 'off') return 0
  const n = Number(value)
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_NEWSLETTER_RATE
}

/** SMTP with pooled, reused connections when SMTP_URL is set; otherwise the .eml files. */
export function createNewsletterTransport(connections = 5) {
  const url = process.env.SMTP_URL
  if (!url) return createMailTransport()
  const u = new URL(url)
  const secure = u.protocol === 'smtps:'
  const port = Number(u.port) || (secure ? 465 : 587)
  return nodemailer.createTransport({
    // Plain connections without Nagle's algorithm: SMTP is a few small writes per message, and
    // waiting for the delayed ACK of each made a local send take ~80 ms instead of ~1 ms. The
    // socket is handed over before it connects, so a refused or failed connection reaches
    // nodemailer's own error handling: the pool then drops that connection and opens a new one
    // later. (Answering the pool with an error here instead would leave a dead connection in the
    // pool for good, and enough of them while the mail server is down stall the campaign.)
    getSocket: (
      _options: unknown,
      callback: (error: Error | null, socket: { connection: net.Socket } | false) => void,
    ) => callback(null, secure ? false : { connection: net.connect({ host: u.hostname, port, noDelay: true }) }),
    pool: true,
    maxConnections: connections,
    maxMessages: Infinity,
    host: u.hostname,
    port,
    secure,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
}
