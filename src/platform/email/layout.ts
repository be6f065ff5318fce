/** An email's subject and its two bodies; every value from a customer is escaped in the HTML one. */
export type EmailContent = { subject: string; text: string; html: string }

/** The one HTML layout every email of the site is sent in. */
export const emailPage = (body: string) =>
  `<!doctype html><html><body style="font-family:sans-serif;font-size:14px;color:#111;line-height:1.5">${body}</body></html>`
