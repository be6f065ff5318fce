import type { FieldAccess } from 'payload'

import { roleOf } from './roles'

export const fieldTeamMember: FieldAccess = ({ req: { user } }) => roleOf(user) !== null
