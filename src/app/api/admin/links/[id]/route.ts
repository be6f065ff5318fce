import { links } from '@/server/admin/content'

export const PUT = links.update
export const DELETE = links.remove
