/**
 * Moves the site's content between installs through Payload's Local API.
 *
 *   npm run content -- export FILE [--include-subscribers]
 *   npm run content -- import FILE [--dry-run] [--replace] [--include-subscribers] [--site URL]
 *
 * The database is DATABASE_URL, or the embedded one under .data/ (the running `npm start`'s, or
 * started here when the site is stopped). After an import, the running site at --site (default
 * SITE_URL, else http://localhost:PORT) is asked to refresh its public pages.
 */
import fs from 'node:fs'
import path from 'node:path'

import { getPayload, type Payload } from 'payload'

import { siteUrl } from '../src/platform/runtime/env'
import { exportContent } from '../src/modules/content/server/export'
import { importContent, type Change } from '../src/modules/content/server/import'
import { dataDir } from '../src/platform/runtime/paths'
import { revalidateToken } from '../src/platform/cache/revalidateToken'

import { startEmbeddedPostgres, type RunningPostgres } from './lib/embeddedPostgres'

const USAGE = `Usage:
  npm run content -- export FILE [--include-subscribers]
  npm run content -- import FILE [--dry-run] [--replace] [--include-subscribers] [--site URL]`

const args = process.argv.slice(2)
const flags = new Set(args.filter((a) => a.startsWith('--') && a !== '--site'))
const siteIndex = args.indexOf('--site')
const site = siteIndex >= 0 ? args[siteIndex + 1] : undefined
const positional = args.filter((a, i) => !a.startsWith('--') && (siteIndex < 0 || i !== siteIndex + 1))
const [command, file] = positional
const known = new Set(['--dry-run', '--replace', '--include-subscribers'])
const unknown = [...flags].filter((f) => !known.has(f))

function fail(message: string): never {
  console.error(message)
  process.exit(2)
}
if (!file || (command !== 'export' && command !== 'import') || unknown.length || (siteIndex >= 0 && !site)) {
  fail(unknown.length ? `Unknown option ${unknown.join(', ')}.\n${USAGE}` : USAGE)
}

/** Where the running launcher's embedded PostgreSQL listens (written by scripts/launch.ts). */
const URL_FILE = path.join(dataDir(), 'postgres.url')
let postgres: RunningPostgres | undefined
if (!process.env.DATABASE_URL) {
  if (fs.existsSync(URL_FILE)) {
    process.env.DATABASE_URL = fs.readFileSync(URL_FILE, 'utf8').trim()
  } else {
    postgres = await startEmbeddedPostgres(path.join(dataDir(), 'postgres'))
    await postgres.createDatabase('bandsite')
    process.env.DATABASE_URL = postgres.url('bandsite')
  }
}

function progressBar(): (done: number, total: number, what: string) => void {
  if (!process.stderr.isTTY) return () => {}
  return (done, total, what) => {
    const width = 30
    const filled = Math.round((done / Math.max(total, 1)) * width)
    const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${what}`
    process.stderr.write(
      `\r${line.slice(0, (process.stderr.columns || 100) - 1).padEnd((process.stderr.columns || 100) - 1)}`,
    )
    if (done === total) process.stderr.write('\n')
  }
}

const describe = (c: Change) => `  ${c.action.padEnd(6)} ${c.what}${c.fields ? ` (${c.fields.join(', ')})` : ''}`

async function refreshRunningSite(): Promise<void> {
  const base = (site ?? siteUrl()).replace(/\/$/, '')
  try {
    const res = await fetch(`${base}/api/revalidate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${revalidateToken()}` },
      signal: AbortSignal.timeout(5000),
    })
    if (res.ok) console.log(`The site at ${base} now shows the imported content.`)
    else console.log(`The site at ${base} refused to refresh its pages (HTTP ${res.status}); they update within 30 s.`)
  } catch {
    console.log(`No site answered at ${base}; it shows the new content when it starts.`)
  }
}

async function run(payload: Payload): Promise<number> {
  const includeSubscribers = flags.has('--include-subscribers')
  if (command === 'export') {
    const content = await exportContent(payload, {
      includeSubscribers,
      onWarning: (m) => console.warn(`Warning: ${m}`),
    })
    fs.writeFileSync(file!, `${JSON.stringify(content, null, 2)}\n`)
    console.log(
      `Exported ${content.links.length} links, ${content.shows.length} shows, ${content.products.length} products, ` +
        `${content.media.length} media files${content.subscribers ? `, ${content.subscribers.length} subscribers` : ''} to ${file}.`,
    )
    return 0
  }
  let input: unknown
  try {
    input = JSON.parse(fs.readFileSync(file!, 'utf8'))
  } catch (error) {
    console.error(`Cannot read ${file} as JSON: ${(error as Error).message}`)
    return 1
  }
  const dryRun = flags.has('--dry-run')
  const result = await importContent(payload, input, {
    dryRun,
    replace: flags.has('--replace'),
    includeSubscribers,
    onProgress: progressBar(),
  })
  if (result.problems.length) {
    console.error(
      `${file} was not imported; nothing was written. ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}:`,
    )
    for (const p of result.problems) console.error(`  ${p.path}: ${p.message}`)
    return 1
  }
  if (result.changes.length === 0) {
    console.log('Nothing to change: the site already has this content.')
    return 0
  }
  console.log(
    `${dryRun ? 'Would make' : 'Made'} ${result.changes.length} change${result.changes.length === 1 ? '' : 's'}:`,
  )
  for (const c of result.changes) console.log(describe(c))
  if (dryRun) console.log('Dry run: nothing was written.')
  else await refreshRunningSite()
  return 0
}

let code = 1
// The configuration reads DATABASE_URL when it loads, so it loads after the database is known.
const { default: config } = await import('../src/payload.config')
const payload = await getPayload({ config })
try {
  code = await run(payload)
} catch (error) {
  console.error(`The ${command} failed; nothing was written. ${(error as Error).message}`)
} finally {
  await payload.destroy()
  await postgres?.stop()
}
process.exit(code)
