import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')

describe('generated files', () => {
  it('src/payload-types.ts matches the collections and globals (run `npm run generate:types` when this fails)', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'types-')), 'payload-types.ts')
    execFileSync(path.join(root, 'node_modules/.bin/payload'), ['generate:types'], {
      cwd: root,
      env: {
        ...process.env,
        PAYLOAD_TYPES_OUT: out,
        PAYLOAD_SECRET: 'x'.repeat(32),
        DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
      },
      stdio: 'pipe',
    })
    const committed = fs.readFileSync(path.join(root, 'src/payload-types.ts'), 'utf8')
    expect(fs.readFileSync(out, 'utf8')).toBe(committed)
  }, 60_000)
})
