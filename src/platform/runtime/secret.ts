import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { dataDir } from './paths'

/** The secret read from each file, once: checkout steps sign their session with it on every request. */
const read = new Map<string, string>()

/**
 * PAYLOAD_SECRET when set; otherwise a random secret generated once and kept in .data/
 * (the launcher refuses to start a production server without PAYLOAD_SECRET). The file is read
 * once per process: the secret never changes while the site runs (Payload holds it from its start).
 */
export function payloadSecret(): string {
  if (process.env.PAYLOAD_SECRET) return process.env.PAYLOAD_SECRET
  const file = path.join(dataDir(), 'payload-secret')
  const known = read.get(file)
  if (known) return known
  const secret = secretIn(file)
  read.set(file, secret)
  return secret
}

function secretIn(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    const secret = crypto.randomBytes(32).toString('hex')
    fs.mkdirSync(path.dirname(file), { recursive: true })
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
      return secret
    } catch {
      // Another process wrote it first.
      return fs.readFileSync(file, 'utf8').trim()
    }
  }
}
