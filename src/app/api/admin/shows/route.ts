import { shows } from '@/server/http/contentRoutes'

export const GET = shows.list
export const POST = shows.create
