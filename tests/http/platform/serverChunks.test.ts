import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { filesUnder, findCopies } from '../../../scripts/lib/shareServerChunks'

const dist = path.resolve(import.meta.dirname, '../../../.next')

/** Every chunk path the production build's server entries and chunks name. */
function namedChunks(): Set<string> {
  const named = new Set<string>()
  for (const dir of ['app', 'pages', 'chunks'])
    for (const file of filesUnder(path.join(dist, 'server', dir), '.js'))
      for (const [, chunk] of fs.readFileSync(file, 'utf8').matchAll(/"(server\/chunks\/[^"]+\.js)"/g))
        named.add(chunk!)
  return named
}

describe('the production build', () => {
  it('has the server load the shared server code once: no route names a copy of a chunk another names', () => {
    const copies = findCopies(dist)
    expect(copies.size, 'the build writes copies (else this test checks nothing)').toBeGreaterThan(0)
    const stillNamed = [...namedChunks()].filter((chunk) => copies.has(chunk))
    expect(stillNamed).toEqual([])
  })

  it('has V8 hold the server code one byte per character: nearly no file holds a character beyond Latin-1', () => {
    let all = 0
    let wide = 0
    for (const file of filesUnder(path.join(dist, 'server'), '.js')) {
      const source = fs.readFileSync(file, 'utf8')
      all += source.length
      if (/[^\u0000-\u00ff]/u.test(source)) wide += source.length
    }
    expect(all).toBeGreaterThan(10_000_000)
    // What is left: date-fns's locales, whose regular expressions must keep their characters.
    expect(wide / all).toBeLessThan(0.01)
  })
})
