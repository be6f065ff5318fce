import type { Access } from 'payload'

import { roleOf } from './roles'

/** The public sees active rows; the team sees every row. */
export const activeOrTeamMember: Access = ({ req: { user } }) =>
  roleOf(user) !== null ? true : { isActive: { equals: true } }
