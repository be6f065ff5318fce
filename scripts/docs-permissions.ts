/** Writes the permission matrix from the permission tests' table into docs/architecture.md. */
import fs from 'node:fs'
import path from 'node:path'

import { withPermissionTable } from './lib/permissionDocs'

const file = path.resolve(import.meta.dirname, '../docs/architecture.md')
fs.writeFileSync(file, withPermissionTable(fs.readFileSync(file, 'utf8')))
console.log(`Permission matrix written to ${path.relative(process.cwd(), file)}.`)
