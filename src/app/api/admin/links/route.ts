import { links } from '@/server/admin/content'

export const GET = links.list
export const POST = links.create
