import type { Order } from '@/payload-types'

import { siteUrl } from '../env'
import { payloadClient } from '../payload'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

async function bandName(): Promise<string> {
  const payload = await payloadClient()
  const profile = await payload.findGlobal({ slug: 'band-profile', depth: 0, overrideAccess: true })
  return profile.name || 'the band'
}

/** Sends an email; a failing mail server is logged, never turned into a failed request. */
async function send(message: { to: string; subject: string; text: string; html: string }): Promise<boolean> {
  const payload = await payloadClient()
  try {
    await payload.sendEmail(message)
    return true
  } catch (error) {
    payload.logger.error({ err: error, to: message.to, subject: message.subject }, 'Email could not be sent')
    return false
  }
}

export async function sendInvitationEmail(email: string, token: string, invitedBy: string): Promise<{ url: string; sent: boolean }> {
  const url = `${siteUrl()}/login?invite=${encodeURIComponent(token)}`
  const band = await bandName()
  const sent = await send({
    to: email,
    subject: `You're invited to the ${band} team`,
    text:
      `${invitedBy} invited you to help run the ${band} website.\n\n` +
      `Set your password and sign in here (the link works once and expires in 7 days):\n${url}\n`,
    html:
      `<p>${escapeHtml(invitedBy)} invited you to help run the ${escapeHtml(band)} website.</p>` +
      `<p><a href="${escapeHtml(url)}">Set your password and sign in</a></p>` +
      `<p>The link works once and expires in 7 days.</p>`,
  })
  return { url, sent }
}

export async function notifyOrderShipped(order: Order): Promise<boolean> {
  const band = await bandName()
  const number = order.id.slice(0, 8)
  const name = order.customerName ? ` ${order.customerName}` : ''
  return send({
    to: order.customerEmail,
    subject: `Your ${band} order #${number} has shipped`,
    text: `Hi${name},\n\nGood news: your order #${number} is on its way.\n\nThanks for supporting ${band}!\n`,
    html:
      `<p>Hi${escapeHtml(name)},</p><p>Good news: your order #${escapeHtml(number)} is on its way.</p>` +
      `<p>Thanks for supporting ${escapeHtml(band)}!</p>`,
  })
}
