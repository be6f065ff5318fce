import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

const src = path.resolve(import.meta.dirname, '../../src')
const uiFolders = ['components', 'cart']

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

describe('src/components and src/modules/shop/ui/cart', () => {
  it("names every client module (one that starts with 'use client') *.client.ts(x), and only those", () => {
    const misnamed = uiFolders
      .flatMap((folder) => sources(path.join(src, folder)))
      .filter(
        (file) => fs.readFileSync(file, 'utf8').trimStart().startsWith("'use client'") !== /\.client\.tsx?$/.test(file),
      )
      .map((file) => path.relative(src, file))
    expect(misnamed).toEqual([])
  })
})
