import { links } from '@/server/http/contentRoutes'

export const PUT = links.update
export const DELETE = links.remove
