import { products } from '@/app/api/admin/contentRoutes'

export const GET = products.list
export const POST = products.create
