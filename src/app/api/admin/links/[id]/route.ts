import { links } from '@/app/api/admin/contentRoutes'

export const PUT = links.update
export const DELETE = links.remove
