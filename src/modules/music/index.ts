/**
 * The music module's parts the rest of the site uses: its collection, for the Payload
 * configuration, the active releases with their tracks, for the public pages' cached reads, the
 * releases as an order prices them, and the download grants: an order or a code gives an address
 * releases, a refund takes them back; the download codes a merch table's till link holds and
 * sells, and the addresses codes were redeemed by, for the privacy module.
 */
export { Releases } from './model/Releases'
export { publicReleasesWithTracks } from './server/publicCatalog'
export { releasesForSale, type ReleaseForSale } from './server/releasesForSale'
export { grantReleases, sendDownloadLinkEmail, revokeOrderGrants, type GrantSource } from './server/grants'
export type { PreOrder } from './contract/downloads'
export { downloadGrantData } from './server/grantData'
export { redeemedCodeData } from './server/codePersonalData'
export {
  markTillCodesSold,
  reserveTillCodes,
  TILL_CODES_PER_RELEASE,
  tillReleasePrices,
  type TillRelease,
} from './server/tillCodes'
