import { products } from '@/server/admin/content'

export const GET = products.list
export const POST = products.create
