/**
 * The work of `npm run content` on a loaded Payload: reading the command line, exporting or
 * importing, and the lines a user reads, written through `out` so that scripts/content.ts prints
 * them and the tests can read them.
 */
import fs from 'node:fs'

import type { Payload } from 'payload'

import { siteUrl } from '../../src/platform/runtime/env'
import { exportContent } from '../../src/modules/content/server/export'
import { importContent, type Change } from '../../src/modules/content/server/import'
import { revalidateToken } from '../../src/platform/cache/revalidateToken'

export const USAGE = `Usage:
  npm run content -- export FILE [--include-subscribers]
  npm run content -- import FILE [--dry-run] [--replace] [--include-subscribers] [--site URL]`

export type ContentRequest = {
  command: 'export' | 'import'
  file: string
  flags: Set<string>
  /** The running site to refresh after an import (--site). */
  site?: string
}

/** Where the lines go: `log` for stdout, `error` for stderr, `progress` for an import's progress bar. */
export type ContentOutput = {
  log: (line: string) => void
  error: (line: string) => void
  progress?: (done: number, total: number, what: string) => void
}

/** The request on the command line, or the message that explains its use (exit code 2). */
export function parseContentArgs(args: string[]): ContentRequest | { usage: string } {
  const flags = new Set(args.filter((a) => a.startsWith('--') && a !== '--site'))
  const siteIndex = args.indexOf('--site')
  const site = siteIndex >= 0 ? args[siteIndex + 1] : undefined
  const positional = args.filter((a, i) => !a.startsWith('--') && (siteIndex < 0 || i !== siteIndex + 1))
  const [command, file] = positional
  const known = new Set(['--dry-run', '--replace', '--include-subscribers'])
  const unknown = [...flags].filter((f) => !known.has(f))
  if (!file || (command !== 'export' && command !== 'import') || unknown.length || (siteIndex >= 0 && !site)) {
    return { usage: unknown.length ? `Unknown option ${unknown.join(', ')}.\n${USAGE}` : USAGE }
  }
  return { command, file, flags, site }
}

const describe = (c: Change) => `  ${c.action.padEnd(6)} ${c.what}${c.fields ? ` (${c.fields.join(', ')})` : ''}`

async function refreshRunningSite(site: string | undefined, out: ContentOutput): Promise<void> {
  const base = (site ?? siteUrl()).replace(/\/$/, '')
  try {
    const res = await fetch(`${base}/api/revalidate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${revalidateToken()}` },
      signal: AbortSignal.timeout(5000),
    })
    if (res.ok) out.log(`The site at ${base} now shows the imported content.`)
    else out.log(`The site at ${base} refused to refresh its pages (HTTP ${res.status}); they update within 30 s.`)
  } catch {
    out.log(`No site answered at ${base}; it shows the new content when it starts.`)
  }
}

async function exportFile(payload: Payload, { file, flags }: ContentRequest, out: ContentOutput): Promise<number> {
  const content = await exportContent(payload, {
    includeSubscribers: flags.has('--include-subscribers'),
    onWarning: (m) => out.error(`Warning: ${m}`),
  })
  fs.writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`)
  out.log(
    `Exported ${content.links.length} links, ${content.shows.length} shows, ${content.products.length} products, ` +
      `${content.media.length} media files${content.subscribers ? `, ${content.subscribers.length} subscribers` : ''} to ${file}.`,
  )
  return 0
}

async function importFile(
  payload: Payload,
  { file, flags, site }: ContentRequest,
  out: ContentOutput,
): Promise<number> {
  let input: unknown
  try {
    input = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    out.error(`Cannot read ${file} as JSON: ${(error as Error).message}`)
    return 1
  }
  const dryRun = flags.has('--dry-run')
  const result = await importContent(payload, input, {
    dryRun,
    replace: flags.has('--replace'),
    includeSubscribers: flags.has('--include-subscribers'),
    onProgress: out.progress,
  })
  if (result.problems.length) {
    out.error(
      `${file} was not imported; nothing was written. ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}:`,
    )
    for (const p of result.problems) out.error(`  ${p.path}: ${p.message}`)
    return 1
  }
  if (result.changes.length === 0) {
    out.log('Nothing to change: the site already has this content.')
    return 0
  }
  out.log(`${dryRun ? 'Would make' : 'Made'} ${result.changes.length} change${result.changes.length === 1 ? '' : 's'}:`)
  for (const c of result.changes) out.log(describe(c))
  if (dryRun) out.log('Dry run: nothing was written.')
  else await refreshRunningSite(site, out)
  return 0
}

/** Runs the export or import on `payload`; answers the exit code (0, or 1 when it failed). */
export async function runContent(payload: Payload, request: ContentRequest, out: ContentOutput): Promise<number> {
  try {
    return await (request.command === 'export' ? exportFile : importFile)(payload, request, out)
  } catch (error) {
    out.error(`The ${request.command} failed; nothing was written. ${(error as Error).message}`)
    return 1
  }
}
