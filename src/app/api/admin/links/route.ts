import { links } from '@/app/api/admin/contentRoutes'

export const GET = links.list
export const POST = links.create
