import { products } from '@/app/api/admin/contentRoutes'

export const PUT = products.update
export const DELETE = products.remove
