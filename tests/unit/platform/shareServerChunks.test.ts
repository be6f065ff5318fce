import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { shareServerChunks } from '../../../scripts/lib/shareServerChunks'

let dist: string
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }))

function write(file: string, content: string) {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true })
  fs.writeFileSync(path.join(dist, file), content)
}
const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8')

describe('server routes share the chunks the build copied for each', () => {
  it('points every route and every on-demand list at the first of identical copies, and only those', () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'share-chunks-'))
    const shared = 'module.exports=[1,e=>{e.v(42)}]'
    write('server/chunks/_a.js', `${shared}\n//# sourceMappingURL=_a.js.map`)
    write('server/chunks/_b.js', `${shared}\n//# sourceMappingURL=_b.js.map`)
    write('server/chunks/ssr/_c.js', `${shared}\n//# sourceMappingURL=_c.js.map`)
    write('server/chunks/_own.js', 'module.exports=[2,e=>{e.v(7)}]')
    write('server/chunks/_lazy.js', 'x=Promise.all(["server/chunks/_b.js"])')
    write('server/app/one/route.js', 'R.c("server/chunks/_a.js")\nR.c("server/chunks/_own.js")')
    write('server/app/two/route.js', 'R.c("server/chunks/_b.js")')
    write('server/pages/three.js', 'R.c("server/chunks/ssr/_c.js")')

    expect(shareServerChunks(dist)).toEqual({ copies: 2, bytes: expect.any(Number) })
    expect(read('server/app/one/route.js')).toBe('R.c("server/chunks/_a.js")\nR.c("server/chunks/_own.js")')
    expect(read('server/app/two/route.js')).toBe('R.c("server/chunks/_a.js")')
    expect(read('server/pages/three.js')).toBe('R.c("server/chunks/_a.js")')
    expect(read('server/chunks/_lazy.js')).toBe('x=Promise.all(["server/chunks/_a.js"])')
    // Run again on its own output, it finds the same copies and changes nothing more.
    expect(shareServerChunks(dist).copies).toBe(2)
    expect(read('server/app/two/route.js')).toBe('R.c("server/chunks/_a.js")')
  })
})
