/**
 * Runs one of the site's command-line tools: `npm run content|backup|restore -- …` (arguments as
 * each tool's own header says).
 *
 * `npm run build` bundles each tool into one file with its packages (.next/launcher/<name>.mjs),
 * which starts in a fraction of the time its source takes through the TypeScript loader (several
 * seconds of CPU for Payload's thousands of modules). The bundle runs when it is newer than every
 * file under src/ and scripts/; after a change there since the build, or without a build, the
 * source runs instead, so a tool never runs older code than the tree holds.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const TOOLS = ['content', 'backup', 'restore']
const root = path.resolve(import.meta.dirname, '..')
const [name, ...args] = process.argv.slice(2)
if (!TOOLS.includes(name)) {
  console.error(`Usage: node scripts/tool.mjs ${TOOLS.join('|')} [arguments]`)
  process.exit(2)
}

/** When a file under `dir` (its subfolders included) last changed, in ms. */
function newestChange(dir) {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : fs.statSync(full).mtimeMs)
  }
  return newest
}

const source = path.join(root, 'scripts', `${name}.ts`)
const bundle = path.join(root, '.next', 'launcher', `${name}.mjs`)
const bundleFresh =
  fs.existsSync(bundle) &&
  fs.statSync(bundle).mtimeMs >=
    Math.max(newestChange(path.join(root, 'src')), newestChange(path.join(root, 'scripts')))

// Each tool reads its arguments from process.argv, after the script's own path.
process.argv = [process.argv[0], source, ...args]
if (!bundleFresh) {
  const { register } = await import('tsx/esm/api')
  register()
}
await import(pathToFileURL(bundleFresh ? bundle : source).href)
