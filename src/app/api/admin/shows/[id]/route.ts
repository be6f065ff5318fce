import { shows } from '@/server/http/contentRoutes'

export const PUT = shows.update
export const DELETE = shows.remove
