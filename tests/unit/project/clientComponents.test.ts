import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

const src = path.resolve(import.meta.dirname, '../../../src')
/** Every folder of UI code: the kit, the dashboard's shell and each module's ui/. */
const uiFolders = [
  'ui',
  'dashboard',
  ...fs.readdirSync(path.join(src, 'modules')).map((m) => `modules/${m}/ui`),
].filter((folder) => fs.existsSync(path.join(src, folder)))

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

describe("src/ui, src/dashboard and every module's ui/", () => {
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
