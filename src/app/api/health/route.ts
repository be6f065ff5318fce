import { json } from '@/server/http'
import { checkHealth } from '@/server/health'

export const dynamic = 'force-dynamic'

export async function GET() {
  const health = await checkHealth()
  return json(health, health.status === 'ok' ? 200 : 503)
}
