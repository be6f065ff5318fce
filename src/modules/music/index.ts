/**
 * The music module's parts the rest of the site uses: its collection, for the Payload
 * configuration, and the active releases with their tracks, for the public pages' cached reads.
 */
export { Releases } from './model/Releases'
export { publicReleasesWithTracks } from './server/publicCatalog'
