import type { Access } from 'payload'

import { roleOf } from './roles'

/** Any active owner, manager or viewer. */
export const isTeamMember: Access = ({ req: { user } }) => roleOf(user) !== null
