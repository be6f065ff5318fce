import type { serializeUser } from '@/modules/team/contract/serializers'

/** What the API answers, for the services that build it and the pages and dashboard that read it. */

/** A team member, as GET /api/auth/user and the team list answer them. */
export type TeamUser = ReturnType<typeof serializeUser>
