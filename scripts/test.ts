/**
 * The whole test suite, as CI runs it: production build, then unit, integration (Local API on a
 * throwaway embedded PostgreSQL) and HTTP tests against the started production server.
 * SKIP_BUILD=1 reuses an existing .next build while iterating locally.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  console.log(`\n$ ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const bin = (name: string) => `node_modules/.bin/${name}`
// Nothing may reach the internet at run time.
process.env.NEXT_TELEMETRY_DISABLED = '1'

run(bin('tsc'), ['--noEmit'])

if (process.env.SKIP_BUILD === '1' && fs.existsSync('.next/BUILD_ID')) {
  console.log('SKIP_BUILD=1: using the existing production build.')
} else {
  run(bin('next'), ['build'])
}
run(bin('vitest'), ['run', ...process.argv.slice(2)])
