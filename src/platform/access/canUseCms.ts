import type { PayloadRequest } from 'payload'

import { canEdit } from './roles'

/** Payload's own admin (/cms) is for owners and managers only. */
export const canUseCms = ({ req: { user } }: { req: PayloadRequest }) => canEdit(user)
