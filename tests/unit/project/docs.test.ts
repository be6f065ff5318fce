import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { withPermissionTable } from '../../../scripts/lib/permissionDocs'

const root = path.resolve(import.meta.dirname, '../../..')

describe('docs/architecture.md', () => {
  it('shows the permission matrix the permission tests run (run `npm run docs:permissions` when this fails)', () => {
    const doc = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')
    expect(doc).toBe(withPermissionTable(doc))
  })

  it('links only to files that exist in the repository', () => {
    const doc = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')
    const paths = [...doc.matchAll(/`((?:src|scripts|tests|docs)\/[\w./[\]()-]+)`/g)].map((m) => m[1]!)
    expect(paths.length).toBeGreaterThan(5)
    expect(paths.filter((p) => !fs.existsSync(path.join(root, p)))).toEqual([])
  })
  it('the table of routes in docs/api.md names files that exist', () => {
    const doc = fs.readFileSync(path.join(root, 'docs/api.md'), 'utf8')
    const paths = [...doc.matchAll(/\| `(src\/[^`]+)` *\|/g)].map((m) => m[1]!)
    expect(paths.length).toBeGreaterThan(40)
    expect(paths.filter((p) => !fs.existsSync(path.join(root, p)))).toEqual([])
  })
})
