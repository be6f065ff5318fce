import { markdownToSafeHtml } from '@/modules/newsletter'
import { payloadClient } from '@/platform/db/payload'
import { env } from '@/platform/runtime/env'

import { readPrivacySettings } from './settings'

export type PrivacyNotice = {
  retentionMonths: number
  /** The services that handle personal data for the site, as configured. */
  processors: { name: string; purpose: string }[]
  /** The team's own text, as sanitised HTML (empty when they wrote none). */
  teamHtml: string
}

/** The host name of a configured URL, or null. */
const hostOf = (url: string | undefined) => {
  if (!url) return null
  try {
    return new URL(url).hostname || null
  } catch {
    return null
  }
}

/** What the privacy notice says, from the settings and from which services are configured. */
export async function privacyNotice(): Promise<PrivacyNotice> {
  const settings = await readPrivacySettings(await payloadClient())
  const config = env()
  const processors: PrivacyNotice['processors'] = []
  if (config.PAYPAL_CLIENT_ID && config.PAYMENT_PROVIDER !== 'test') {
    processors.push({ name: 'PayPal', purpose: 'takes the payment for an order (your name, email and address)' })
  }
  const smtpHost = hostOf(config.SMTP_URL)
  if (smtpHost) {
    processors.push({ name: `The mail server at ${smtpHost}`, purpose: 'sends our emails to you (your email address)' })
  }
  processors.push(
    config.S3_BUCKET
      ? {
          name: `S3 storage${hostOf(config.S3_ENDPOINT) ? ` at ${hostOf(config.S3_ENDPOINT)}` : ' (Amazon S3)'}`,
          purpose: 'keeps uploaded images and music files (no personal data)',
        }
      : { name: 'Our own server’s disk', purpose: 'keeps uploaded images and music files (no personal data)' },
  )
  return {
    retentionMonths: settings.retentionMonths,
    processors,
    teamHtml: settings.noticeMarkdown.trim() ? markdownToSafeHtml(settings.noticeMarkdown) : '',
  }
}
