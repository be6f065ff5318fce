import { json } from '@/platform/http'
import { checkHealth } from '@/platform/runtime/health'

export const dynamic = 'force-dynamic'

export async function GET() {
  const health = await checkHealth()
  return json(health, health.status === 'ok' ? 200 : 503)
}
