/** The newsletter module's operations other modules and the server use. */
export { draftShowAnnouncement, withdrawShowAnnouncements } from './server/announce'
export { deliveryData, subscriberData } from './server/personalData'
export { markdownToSafeHtml } from './server/emails'
