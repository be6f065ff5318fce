import fs from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'

import { importContent } from './import'

const SEEDED_KEY = 'demo-content-seeded'
const DAY = 24 * 60 * 60 * 1000

/** The demo content: a content file (the `npm run content` format) anyone can read and edit. */
export const DEMO_CONTENT_FILE = path.resolve(process.cwd(), 'content', 'demo-content.json')

/**
 * Show dates move forward by the days since the file was written, so the demo's upcoming shows
 * stay upcoming.
 */
function withCurrentDates(file: { exportedAt?: string; shows?: { date: string }[] }) {
  if (!file.exportedAt || !file.shows) return file
  const days = Math.max(0, Math.floor((Date.now() - Date.parse(file.exportedAt)) / DAY))
  return {
    ...file,
    shows: file.shows.map((s) => ({ ...s, date: new Date(Date.parse(s.date) + days * DAY).toISOString() })),
  }
}

/**
 * Demo content for a first start, so the public page looks like a real band's.
 * Runs once per database: a marker in Payload's key-value store keeps it from running again,
 * even after the team deletes the demo content.
 */
export async function seedDemoContent(payload: Payload, file = DEMO_CONTENT_FILE): Promise<boolean> {
  if (await payload.kv.has(SEEDED_KEY)) return false
  const result = await importContent(payload, withCurrentDates(JSON.parse(fs.readFileSync(file, 'utf8'))))
  if (result.problems.length) {
    throw new Error(
      `The demo content in ${file} is not valid:\n${result.problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`,
    )
  }
  await payload.kv.set(SEEDED_KEY, { at: new Date().toISOString() })
  return true
}
