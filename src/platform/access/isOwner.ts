import type { Access } from 'payload'

import { roleOf } from './roles'

export const isOwner: Access = ({ req: { user } }) => roleOf(user) === 'owner'
