/**
 * `npm start` (through scripts/start.sh, which sets the process's allocator): runs the production
 * launcher that `npm run build` bundles (.next/launcher/launch.mjs) in this same process, with plain Node.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const bundle = path.resolve(import.meta.dirname, '..', '.next', 'launcher', 'launch.mjs')
if (!fs.existsSync(bundle)) {
  console.error('The production build is missing or incomplete: run `npm run build` first.')
  process.exit(1)
}
process.argv.splice(2, process.argv.length - 2, 'start')
await import(pathToFileURL(bundle).href)
