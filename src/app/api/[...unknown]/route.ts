import { errorResponse } from '@/platform/http'

const notFound = () => errorResponse(404, 'Not found')

export { notFound as DELETE, notFound as GET, notFound as PATCH, notFound as POST, notFound as PUT }
