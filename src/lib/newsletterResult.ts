/** The pages a newsletter sign-up posted without the page's script lands on, with the spec's texts. */
export const NEWSLETTER_RESULTS = {
  subscribed: { title: 'Subscribed!', description: 'Thank you for subscribing to our newsletter.' },
  failed: { title: 'Error', description: 'Failed to subscribe. Please try again.' },
} as const

export type NewsletterResult = keyof typeof NEWSLETTER_RESULTS

export const NEWSLETTER_RESULT_PATHS: Record<NewsletterResult, string> = {
  subscribed: '/newsletter/subscribed',
  failed: '/newsletter/failed',
}
