import type { Access } from 'payload'

import { canEdit } from './roles'

export const isOwnerOrManager: Access = ({ req: { user } }) => canEdit(user)
