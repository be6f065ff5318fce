import { products } from '@/server/admin/content'

export const PUT = products.update
export const DELETE = products.remove
