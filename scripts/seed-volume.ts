/**
 * Fills a database with realistic volume for benchmarks and trials: years of orders, products with
 * sizes, and newsletter subscribers, through set-based inserts.
 *
 *   npm run seed:volume -- --orders 10000 --subscribers 50000 [--products 200]
 *
 * Uses DATABASE_URL when set (migrations already applied, e.g. by `npm start`); otherwise the
 * embedded PostgreSQL in .data/ (stop the site first), applying the migrations before seeding.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'

import { dataDir } from '../src/platform/runtime/paths'

import { startEmbeddedPostgres, type RunningPostgres } from './lib/embeddedPostgres'
import { seedVolume } from './lib/volumeSeed'

function count(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback
  if (!Number.isInteger(value) || value < 0 || value > 10_000_000) {
    console.error(`--${name} must be a whole number from 0 to 10000000`)
    process.exit(1)
  }
  return value
}

const counts = {
  orders: count('orders', 10_000),
  subscribers: count('subscribers', 50_000),
  products: Math.max(1, count('products', 200)),
}

let postgres: RunningPostgres | undefined
let databaseUrl = process.env.DATABASE_URL
try {
  if (!databaseUrl) {
    const dir = path.join(dataDir(), 'postgres')
    if (fs.existsSync(path.join(dir, 'postmaster.pid'))) {
      throw new Error('The site seems to be running on .data/postgres: stop it first, or set DATABASE_URL.')
    }
    postgres = await startEmbeddedPostgres(dir)
    await postgres.createDatabase('bandsite')
    databaseUrl = postgres.url('bandsite')
    const prepared = spawnSync(process.execPath, ['--import', 'tsx', path.join('scripts', 'prepare.ts')], {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: databaseUrl },
    })
    if (prepared.status !== 0) throw new Error('Applying the migrations failed; see the message above.')
  }
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const started = performance.now()
  try {
    await seedVolume(client, counts)
  } finally {
    await client.end()
  }
  console.log(
    `Seeded ${counts.products} products, ${counts.orders} orders and ${counts.subscribers} subscribers in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  )
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await postgres?.stop()
}
