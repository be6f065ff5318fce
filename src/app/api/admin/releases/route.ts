import { releases } from '@/app/api/admin/contentRoutes'

export const GET = releases.list
export const POST = releases.create
