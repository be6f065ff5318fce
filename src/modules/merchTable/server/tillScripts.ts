import 'server-only'

import fs from 'node:fs'
import path from 'node:path'

const built = new Map<string, string>()

/** A built file of the till (`app.js`, `sw.js`), from the build directory; read once. */
export function tillScript(name: 'app.js' | 'sw.js'): string | null {
  if (!built.has(name) || process.env.NODE_ENV === 'development') {
    const distDir = process.env.NODE_ENV === 'development' ? path.join('.next', 'dev') : '.next'
    try {
      built.set(name, fs.readFileSync(path.join(process.cwd(), distDir, 'till', name), 'utf8'))
    } catch {
      return null
    }
  }
  return built.get(name)!
}
