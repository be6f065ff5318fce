import type { FieldAccess } from 'payload'

import { roleOf } from './roles'

export const fieldOwner: FieldAccess = ({ req: { user } }) => roleOf(user) === 'owner'
