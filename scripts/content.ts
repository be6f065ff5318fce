/**
 * Moves the site's content between installs through Payload's Local API.
 *
 *   npm run content -- export FILE [--include-subscribers]
 *   npm run content -- import FILE [--dry-run] [--replace] [--include-subscribers] [--site URL]
 *
 * The database is DATABASE_URL, or the embedded one under .data/ (the running `npm start`'s, or
 * started here when the site is stopped). After an import, the running site at --site (default
 * SITE_URL, else http://localhost:PORT) is asked to refresh its public pages. The export and the
 * import themselves are in lib/contentCli.ts.
 */
import fs from 'node:fs'
import path from 'node:path'

import { getPayload } from 'payload'

import { dataDir } from '../src/platform/runtime/paths'

import { parseContentArgs, runContent, type ContentOutput } from './lib/contentCli'
import { startEmbeddedPostgres, type RunningPostgres } from './lib/embeddedPostgres'

const request = parseContentArgs(process.argv.slice(2))
if ('usage' in request) {
  console.error(request.usage)
  process.exit(2)
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

function progressBar(): ContentOutput['progress'] {
  if (!process.stderr.isTTY) return undefined
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

let code = 1
// The configuration reads DATABASE_URL when it loads, so it loads after the database is known.
const { default: config } = await import('../src/payload.config')
const payload = await getPayload({ config })
try {
  code = await runContent(payload, request, {
    log: (line) => console.log(line),
    error: (line) => console.error(line),
    progress: progressBar(),
  })
} finally {
  await payload.destroy()
  await postgres?.stop()
}
process.exit(code)
