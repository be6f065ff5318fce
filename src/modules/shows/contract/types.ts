import type { serializeShow } from '@/modules/shows/contract/serializers'

/** What the API answers, for the services that build it and the pages and dashboard that read it. */

export type Show = ReturnType<typeof serializeShow>
