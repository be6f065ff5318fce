/**
 * The music module's parts the rest of the site uses: its collection, for the Payload
 * configuration, the active releases with their tracks, for the public pages' cached reads, and
 * the releases as an order prices them.
 */
export { Releases } from './model/Releases'
export { publicReleasesWithTracks } from './server/publicCatalog'
export { releasesForSale, type ReleaseForSale } from './server/releasesForSale'
