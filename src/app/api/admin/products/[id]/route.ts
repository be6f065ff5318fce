import { products } from '@/server/http/contentRoutes'

export const PUT = products.update
export const DELETE = products.remove
