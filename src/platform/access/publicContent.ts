import type { CollectionConfig } from 'payload'

import { activeOrTeamMember } from './activeOrTeamMember'
import { isOwnerOrManager } from './isOwnerOrManager'

/**
 * Access to the band's public content (links, shows, products and their options): anyone reads
 * what is active, the team reads everything, owners and managers write.
 */
export const publicContentAccess: CollectionConfig['access'] = {
  read: activeOrTeamMember,
  create: isOwnerOrManager,
  update: isOwnerOrManager,
  delete: isOwnerOrManager,
}
