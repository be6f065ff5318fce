/**
 * What a newsletter sign-up answers, with the spec's texts: the toast of the page's script and the
 * pages a sign-up posted without it lands on. A sign-up is only pending until the fan opens the
 * confirmation email, so the success says so (`next`).
 */
export const NEWSLETTER_RESULTS = {
  subscribed: {
    title: 'Subscribed!',
    description: 'Thank you for subscribing to our newsletter.',
    next: 'Check your inbox to confirm your subscription.',
  },
  failed: { title: 'Error', description: 'Failed to subscribe. Please try again.', next: null },
} as const

export type NewsletterResult = keyof typeof NEWSLETTER_RESULTS

export const NEWSLETTER_RESULT_PATHS: Record<NewsletterResult, string> = {
  subscribed: '/newsletter/subscribed',
  failed: '/newsletter/failed',
}
