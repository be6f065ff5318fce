import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import vm from 'node:vm'

import { afterAll, describe, expect, it } from 'vitest'

import { oneByteServerCode } from '../../../scripts/lib/oneByteServerCode'

const BEYOND_LATIN1 = /[^\u0000-\u00ff]/u
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-onebyte-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

/** A build of its own (its `.next`) for each test. */
const newDist = () => fs.mkdtempSync(path.join(root, 'next-'))

/** A server file of the build under `dist`, and what running it answers. */
function write(dist: string, name: string, source: string) {
  const file = path.join(dist, 'server', 'chunks', name)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, source)
  return file
}
const run = (file: string) => {
  const loaded = { exports: {} as Record<string, unknown> }
  vm.runInNewContext(fs.readFileSync(file, 'utf8'), { module: loaded })
  return loaded.exports
}

describe('server files printed one byte per character', () => {
  it('writes strings, templates and identifiers beyond Latin-1 as escapes with the same meaning', async () => {
    const dist = newDist()
    const source = [
      'const table={left:"┌",mid:"┬",other:"─"};',
      'const decode="ᵁ<Õıʊҝջאٵ۞ޢߖࠏ";',
      'const ünïcode="café", 変数="ok";',
      'module.exports={table,decode,emoji:"😀 → ✓",tpl:`${decode.length}─`,ünïcode,v:変数};',
      '//# sourceMappingURL=a.js.map',
    ].join('\n')
    const file = write(dist, 'a.js', source)
    const copy = write(dist, 'copy-of-a.js', source.replace('a.js.map', 'copy-of-a.js.map'))
    const plain = write(dist, 'plain.js', 'module.exports={x:"café"};')
    const before = run(file)
    const result = await oneByteServerCode(dist)
    expect(result).toEqual({ files: 2, chars: source.length * 2 + 'copy-of-'.length, kept: 0 })
    const printed = fs.readFileSync(file, 'utf8')
    expect(BEYOND_LATIN1.test(printed)).toBe(false)
    expect(run(file)).toEqual(before)
    expect(fs.readFileSync(copy, 'utf8')).toBe(printed)
    expect(fs.readFileSync(plain, 'utf8')).toBe('module.exports={x:"café"};')
  })

  it('leaves a file as it was when a raw template or a regular expression must keep its characters', async () => {
    const dist = newDist()
    const raw = write(dist, 'raw.js', 'module.exports={raw:String.raw`─\\n`};')
    const pattern = write(dist, 'pattern.js', 'module.exports={box:/[┌┬]/.test("┬")};')
    const result = await oneByteServerCode(dist)
    expect(result).toEqual({ files: 0, chars: 0, kept: 2 })
    expect(fs.readFileSync(raw, 'utf8')).toBe('module.exports={raw:String.raw`─\\n`};')
    expect(fs.readFileSync(pattern, 'utf8')).toBe('module.exports={box:/[┌┬]/.test("┬")};')
  })
})
