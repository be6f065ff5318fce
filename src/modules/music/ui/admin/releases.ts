import type { serializeRelease } from '@/modules/music/contract/serializers'

import { KEYS } from '@/ui/admin/mutations.client'
import type { Resource } from '@/ui/admin/RecordList.client'

/** A release as the team API answers it. */
export type AdminRelease = ReturnType<typeof serializeRelease>

/** The team's releases: where they live and the list a change refreshes. */
export const RELEASES: Resource = { noun: 'release', path: '/api/admin/releases', invalidate: [KEYS.releases] }
