import type { Payload, PayloadEmailAdapter, SendEmailOptions } from 'payload'

/**
 * The adapter's default sender name, which Payload's own emails (password reset) carry and which
 * is replaced by the band's; also the band's name while it has none, as on the public page.
 */
export const DEFAULT_SENDER_NAME = 'Band Name'

/** The band's name, read when each email leaves, so a renamed band signs at once. */
async function bandName(payload: Payload): Promise<string> {
  const profile = await payload.findGlobal({ slug: 'band-profile', depth: 0, overrideAccess: true })
  return profile.name?.trim() || DEFAULT_SENDER_NAME
}

/**
 * Every email speaks as the band: one that names no sender, or only the site's default one, goes
 * out with the band's name as its From name; the address stays MAIL_FROM.
 */
export async function sentAsTheBand(adapter: Promise<PayloadEmailAdapter>): Promise<PayloadEmailAdapter> {
  const base = await adapter
  return (args) => {
    const inner = base(args)
    const siteDefault = `"${inner.defaultFromName}" <${inner.defaultFromAddress}>`
    return {
      ...inner,
      sendEmail: async (message: SendEmailOptions) => {
        const named = message.from && message.from !== siteDefault
        if (named) return inner.sendEmail(message)
        const from = { name: await bandName(args.payload), address: inner.defaultFromAddress }
        return inner.sendEmail({ ...message, from })
      },
    }
  }
}
