import { shows } from '@/app/api/admin/contentRoutes'

export const PUT = shows.update
export const DELETE = shows.remove
