import { iconSprite } from '@/modules/site/ui/presetIcons'

// The preset link icons as one SVG sprite; its address carries a content hash, so it never changes.
export const dynamic = 'force-static'

export function GET() {
  return new Response(iconSprite(), {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=31536000, immutable' },
  })
}
