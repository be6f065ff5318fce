/** What sign-in, the dashboard, the checkout and the API say while the database cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The site cannot reach its database right now. Please try again in a minute.'
