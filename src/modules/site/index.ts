import 'server-only'

/** The site module's operations other modules use: the band's name and where notifications go. */
export { notificationAddresses, siteSenders } from './server/senders'
