import { shows } from '@/server/admin/content'

export const GET = shows.list
export const POST = shows.create
