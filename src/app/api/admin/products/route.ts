import { products } from '@/server/http/contentRoutes'

export const GET = products.list
export const POST = products.create
