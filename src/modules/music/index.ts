/** The music module's parts the rest of the site uses: its collection, for the Payload configuration. */
export { Releases } from './model/Releases'
