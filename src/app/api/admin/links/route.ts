import { links } from '@/server/http/contentRoutes'

export const GET = links.list
export const POST = links.create
