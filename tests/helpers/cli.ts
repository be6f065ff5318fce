import { spawn } from 'node:child_process'
import path from 'node:path'

import type { Payload } from 'payload'
import { vi } from 'vitest'

import { migrations } from '@/migrations'
import { seedDemoContent } from '@/modules/content/server/seed'

import { parseContentArgs, runContent } from '../../scripts/lib/contentCli'

const root = path.resolve(import.meta.dirname, '../..')

export type CliResult = { code: number; stdout: string; stderr: string }

/** Runs one of the project's command-line tools as `npm run <name>` does, with extra environment, to its end. */
export function runScript(name: string, args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join('scripts', 'tool.mjs'), name, ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: undefined, ...env } as unknown as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c) => (stdout += c))
    child.stderr.on('data', (c) => (stderr += c))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }))
  })
}

/** What a site's scripts read from the environment: its database, its data directory, its secret. */
export type SiteEnv = { DATABASE_URL: string; DATA_DIR: string; PAYLOAD_SECRET: string }

let turn: Promise<unknown> = Promise.resolve()

/** Runs `work` with `env` in process.env, one call at a time, and puts the old values back after. */
function withEnv<T>(env: SiteEnv, work: () => Promise<T>): Promise<T> {
  const run = async () => {
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]))
    Object.assign(process.env, env)
    try {
      return await work()
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
      }
    }
  }
  const result = turn.then(run, run)
  turn = result.catch(() => {})
  return result
}

const loaded = new Map<string, Promise<Payload>>()

/**
 * Payload's Local API on one site's database and data directory, loaded in this process once per
 * database. The configuration reads DATABASE_URL and DATA_DIR when it is evaluated (the media
 * collection keeps its upload directory), so each database gets an evaluation of its own: with the
 * site's environment set, the module registry is reset and the configuration imported again, and
 * Payload keeps the instance under the database's URL.
 */
export function sitePayload(env: SiteEnv): Promise<Payload> {
  let payload = loaded.get(env.DATABASE_URL)
  if (!payload) {
    payload = withEnv(env, async () => {
      vi.resetModules()
      const { getPayload } = await import('payload')
      const { default: config } = await import('@/payload.config')
      return await getPayload({ config, key: env.DATABASE_URL })
    })
    loaded.set(env.DATABASE_URL, payload)
  }
  return payload
}

/** Closes the database connections of every Payload `sitePayload` loaded. */
export async function closeSitePayloads(): Promise<void> {
  for (const payload of loaded.values()) await (await payload.catch(() => null))?.destroy()
  loaded.clear()
}

/**
 * What scripts/prepare.ts does for a site without an owner account (OWNER_EMAIL unset), in this
 * process on the site's Payload: the committed migrations, then the demo seed unless SEED_DEMO is
 * false.
 */
export async function prepareInProcess(env: SiteEnv & { SEED_DEMO?: string }): Promise<void> {
  const payload = await sitePayload(env)
  await payload.db.migrate({ migrations: migrations as never })
  if (!['false', '0'].includes(env.SEED_DEMO ?? '')) await withEnv(env, () => seedDemoContent(payload))
}

/**
 * `npm run content -- ...args` for the site of `env`, run in this process on its Payload (the same
 * code as scripts/content.ts, which adds only finding the database and loading Payload): answers
 * the exit code and what the command wrote to stdout and stderr.
 */
export async function runContentInProcess(args: string[], env: SiteEnv): Promise<CliResult> {
  const request = parseContentArgs(args)
  if ('usage' in request) return { code: 2, stdout: '', stderr: `${request.usage}\n` }
  const payload = await sitePayload(env)
  let stdout = ''
  let stderr = ''
  const code = await withEnv(env, () =>
    runContent(payload, request, { log: (line) => (stdout += `${line}\n`), error: (line) => (stderr += `${line}\n`) }),
  )
  return { code, stdout, stderr }
}
