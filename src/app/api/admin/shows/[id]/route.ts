import { shows } from '@/server/admin/content'

export const PUT = shows.update
export const DELETE = shows.remove
