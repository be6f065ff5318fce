import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * Font Awesome's stylesheet and fonts, served from the installed package so a link with a custom
 * icon class needs no outside host. Only the files the stylesheet uses are served.
 */
const ROOT = path.join(process.cwd(), 'node_modules', '@fortawesome', 'fontawesome-free')
const ALLOWED = /^(css\/all\.min\.css|webfonts\/fa-[a-z0-9-]+\.woff2)$/
const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.woff2': 'font/woff2' }

export async function GET(_request: Request, { params }: { params: Promise<{ file: string[] }> }) {
  const relative = (await params).file.join('/')
  if (!ALLOWED.test(relative)) return new Response('Not found', { status: 404 })
  try {
    const body = await fs.readFile(path.join(ROOT, relative))
    return new Response(new Uint8Array(body), {
      headers: {
        'Content-Type': TYPES[path.extname(relative)]!,
        'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
      },
    })
  } catch (error) {
    console.error('Font Awesome file missing:', relative, error)
    return new Response('Not found', { status: 404 })
  }
}
