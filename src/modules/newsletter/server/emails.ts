import { sql } from '@payloadcms/db-postgres'
import { marked } from 'marked'
import type { Payload, PayloadRequest } from 'payload'
import sanitizeHtml from 'sanitize-html'

import { theBand } from '@/modules/site/contract/bandName'
import { escapeHtml } from '@/lib/escapeHtml'
import { formatShowDate } from '@/platform/time/showDates'

import type { EmailContent } from '@/platform/email/layout'
import { siteUrl } from '@/platform/runtime/env'
import { query } from '@/platform/db/transaction'

import { unsubscribeToken } from './tokens'

/** A newsletter email: its content, plus the headers a list's mail carries. */
export type NewsletterEmail = EmailContent & { headers: Record<string, string> }

export const confirmUrl = (token: string) => `${siteUrl()}/newsletter/confirm?token=${encodeURIComponent(token)}`

/** The page the footer links to (it shows a button; it never unsubscribes on its own). */
export const unsubscribePageUrl = (subscriberId: string) =>
  `${siteUrl()}/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken(subscriberId))}`

/** RFC 8058's one-click address: a POST with `List-Unsubscribe=One-Click` unsubscribes at once. */
export const oneClickUrl = (subscriberId: string) =>
  `${siteUrl()}/api/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken(subscriberId))}`

export function listHeaders(subscriberId: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUrl(subscriberId)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"></head>` +
  `<body style="font-family:sans-serif;font-size:15px;color:#111;line-height:1.5;max-width:640px;margin:0 auto;padding:16px">${body}</body></html>`

/** The band's name, the site's address, its links and its next shows, for the emails. */
export type BandForEmail = {
  name: string
  site: string
  links: { title: string; url: string }[]
  shows: {
    title: string
    venue: string
    date: string
    city: string | null
    state: string | null
    ticketUrl: string | null
  }[]
}

export async function bandForEmail(payload: Payload, req?: PayloadRequest): Promise<BandForEmail> {
  const [row] = await query<{ name: string | null; links: BandForEmail['links']; shows: BandForEmail['shows'] }>(
    payload,
    sql`SELECT (SELECT name FROM band_profile LIMIT 1) AS name,
      COALESCE((SELECT json_agg(json_build_object('title', l.title, 'url', l.url) ORDER BY l."order", l.created_at)
        FROM links l WHERE l.is_active), '[]'::json) AS links,
      COALESCE((SELECT json_agg(s ORDER BY s.date) FROM (SELECT title, venue, date, city, state, ticket_url AS "ticketUrl"
        FROM shows WHERE is_active AND date >= now() - interval '1 day' ORDER BY date LIMIT 5) s), '[]'::json) AS shows`,
    req,
  )
  return {
    name: row?.name?.trim() || 'Band Name',
    site: siteUrl(),
    links: (row?.links ?? []).filter((l) => /^https?:\/\//.test(l.url)).slice(0, 8),
    shows: row?.shows ?? [],
  }
}

export const showPlace = (s: { city: string | null; state: string | null }) =>
  [s.city, s.state].filter((v) => v && v.trim()).join(', ')

function footer(band: BandForEmail, subscriberId: string | null): { text: string; html: string } {
  const why = `You are receiving this because you signed up for ${band.name}'s newsletter at ${band.site} and confirmed your address.`
  const link = subscriberId ? unsubscribePageUrl(subscriberId) : `${band.site}/newsletter/unsubscribe`
  return {
    text: `\n\n--\n${band.name}\n${why}\nUnsubscribe: ${link}\n`,
    html:
      `<hr style="border:0;border-top:1px solid #ddd;margin:24px 0 12px">` +
      `<p style="font-size:12px;color:#555">${escapeHtml(band.name)}<br>${escapeHtml(why)}<br>` +
      `<a href="${escapeHtml(link)}" style="color:#555">Unsubscribe</a></p>`,
  }
}

/** How every confirmation email's subject begins (the band's name follows); the sign-up counts them by it. */
export const CONFIRMATION_SUBJECT_START = 'Please confirm your subscription to '

export function confirmationEmail(band: BandForEmail, token: string): EmailContent {
  const url = confirmUrl(token)
  const name = band.name
  return {
    subject: `${CONFIRMATION_SUBJECT_START}${name}`,
    text:
      `Hi,\n\nSomeone, hopefully you, asked to get news from ${name} at this address.\n\n` +
      `Please confirm your subscription by opening this link (it works once, for 7 days):\n${url}\n\n` +
      `If you did not ask for this, ignore this email: you will not hear from us again.\n\n${name}\n${band.site}\n`,
    html: page(
      `<p>Hi,</p><p>Someone, hopefully you, asked to get news from ${escapeHtml(name)} at this address.</p>` +
        `<p><a href="${escapeHtml(url)}">Confirm my subscription</a></p>` +
        `<p>The link works once, for 7 days. If you did not ask for this, ignore this email: you will not hear from us again.</p>` +
        `<p>${escapeHtml(name)}<br>${escapeHtml(band.site)}</p>`,
    ),
  }
}

export function welcomeEmail(band: BandForEmail, subscriberId: string): NewsletterEmail {
  const shows = band.shows.map((s) => {
    const place = showPlace(s)
    return {
      line: `${formatShowDate(s.date, true)}: ${s.title} at ${s.venue}${place ? `, ${place}` : ''}`,
      ticketUrl: s.ticketUrl,
    }
  })
  const foot = footer(band, subscriberId)
  const showsText = shows.length
    ? `Our next shows:\n${shows.map((s) => `- ${s.line}${s.ticketUrl ? `\n  Tickets: ${s.ticketUrl}` : ''}`).join('\n')}\n\n`
    : ''
  const linksText = band.links.length
    ? `Find us:\n${band.links.map((l) => `- ${l.title}: ${l.url}`).join('\n')}\n\n`
    : ''
  const showsHtml = shows.length
    ? `<h2 style="font-size:17px">Our next shows</h2><ul>${shows
        .map(
          (s) =>
            `<li>${escapeHtml(s.line)}${s.ticketUrl && /^https?:/.test(s.ticketUrl) ? ` (<a href="${escapeHtml(s.ticketUrl)}">tickets</a>)` : ''}</li>`,
        )
        .join('')}</ul>`
    : ''
  const linksHtml = band.links.length
    ? `<h2 style="font-size:17px">Find us</h2><ul>${band.links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.title)}</a></li>`).join('')}</ul>`
    : ''
  return {
    subject: `Welcome to ${theBand(band.name)} newsletter`,
    text: `Hi,\n\nThank you for confirming: you are on ${band.name}'s list, and you will hear about new shows and news first.\n\n${showsText}${linksText}Visit us at ${band.site}${foot.text}`,
    html: page(
      `<p>Hi,</p><p>Thank you for confirming: you are on ${escapeHtml(band.name)}'s list, and you will hear about new shows and news first.</p>` +
        `${showsHtml}${linksHtml}<p>Visit us at <a href="${escapeHtml(band.site)}">${escapeHtml(band.site)}</a></p>${foot.html}`,
    ),
    headers: listHeaders(subscriberId),
  }
}

/**
 * Markdown to HTML that is safe to mail: no scripts, no forms, no styles or event handlers, links
 * only to http(s) and mailto, images only from https.
 */
export function markdownToSafeHtml(markdown: string): string {
  const raw = marked.parse(markdown, { async: false, gfm: true, breaks: false })
  return sanitizeHtml(raw, {
    allowedTags: [
      'p',
      'br',
      'hr',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'strong',
      'b',
      'em',
      'i',
      'del',
      's',
      'a',
      'ul',
      'ol',
      'li',
      'blockquote',
      'code',
      'pre',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: {
      a: ['href', 'title'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      th: ['align'],
      td: ['align'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
  })
}

/** A campaign's parts rendered once; `forRecipient` adds the footer and headers of one address. */
export function campaignRenderer(band: BandForEmail, subject: string, markdown: string) {
  const html = markdownToSafeHtml(markdown)
  const text = markdown.replace(/\r\n/g, '\n').trim()
  return (subscriberId: string | null): NewsletterEmail => {
    const foot = footer(band, subscriberId)
    return {
      subject,
      text: `${text}${foot.text}`,
      html: page(`${html}${foot.html}`),
      headers: subscriberId ? listHeaders(subscriberId) : {},
    }
  }
}
