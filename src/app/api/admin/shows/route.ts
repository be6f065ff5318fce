import { shows } from '@/app/api/admin/contentRoutes'

export const GET = shows.list
export const POST = shows.create
