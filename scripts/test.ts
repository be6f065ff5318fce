/**
 * The whole test suite, as CI runs it: type check, lint (layering included) and format check,
 * production build, then the unit and integration tests (Local API on a throwaway embedded
 * PostgreSQL) beside the HTTP tests against the started production server, then the end-to-end
 * tests in Debian's Chromium (Playwright; they start their own server and database).
 * SKIP_BUILD=1 reuses an existing .next build while iterating locally. Arguments go to vitest
 * and then run only those vitest tests (`npm test -- tests/int`); SKIP_E2E=1 leaves out the
 * browser tests, E2E_ONLY=1 runs only them, SKIP_LINT=1 leaves out the lint and format
 * checks (which run only on whole runs).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'

const started = Date.now()
/** How long since `from`, and since the suite began, for the step lines. */
const took = (from: number) =>
  `took ${((Date.now() - from) / 1000).toFixed(0)} s, ${((Date.now() - started) / 60000).toFixed(1)} min in all`

/**
 * Runs one step to its end, its output shown as it comes; a failed step ends the run with its
 * code. The process stays free meanwhile, so the steps `inBackground` runs go on beside it.
 */
async function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  console.log(`\n$ ${command} ${args.join(' ')}`)
  const from = Date.now()
  const child = spawn(command, args, { stdio: 'inherit', env })
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  console.log(`(${command.replace(/^node_modules\/\.bin\//, '')} ${took(from)})`)
  if (code !== 0) process.exit(code ?? 1)
}

const bin = (name: string) => `node_modules/.bin/${name}`
// Nothing may reach the internet at run time.
process.env.NEXT_TELEMETRY_DISABLED = '1'

/** Background children still running, ended when a step fails and the run exits. */
const running = new Set<ReturnType<typeof spawn>>()
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM')
})

/**
 * Runs `steps` one after another in the background, their output kept until they end: the answer
 * says whether all passed, after printing what they printed.
 */
function inBackground(steps: [string, string[], NodeJS.ProcessEnv?][]): Promise<boolean> {
  return (async () => {
    const printed: string[] = []
    let passed = true
    for (const [command, args, env = process.env] of steps) {
      printed.push(`\n$ ${command} ${args.join(' ')}\n`)
      const from = Date.now()
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env })
      running.add(child)
      child.stdout!.on('data', (chunk: Buffer) => printed.push(chunk.toString()))
      child.stderr!.on('data', (chunk: Buffer) => printed.push(chunk.toString()))
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
      running.delete(child)
      printed.push(`(${command.replace(/^node_modules\/\.bin\//, '')} ${took(from)})\n`)
      if (code !== 0) {
        passed = false
        break
      }
    }
    process.stdout.write(printed.join(''))
    return passed
  })()
}

await run(bin('tsc'), ['--noEmit'])
// Lint and format are checked on whole runs; a vitest subset or E2E_ONLY=1 is for iterating.
// They run beside the build, one step at a time (the type check beside them slowed both).
const lint =
  process.argv.length <= 2 && process.env.E2E_ONLY !== '1' && process.env.SKIP_LINT !== '1'
    ? inBackground([
        [bin('eslint'), ['.']],
        [bin('madge'), ['--circular', 'src', 'scripts', 'tests']],
        [bin('prettier'), ['--check', '.']],
      ])
    : Promise.resolve(true)

if (process.env.SKIP_BUILD === '1' && fs.existsSync('.next/BUILD_ID')) {
  console.log('SKIP_BUILD=1: using the existing production build.')
} else {
  // The tree was type-checked above; the build need not do it again.
  await run(bin('next'), ['build'], { ...process.env, BUILD_TYPES_CHECKED: '1' })
  await run(process.execPath, ['--import', 'tsx', 'scripts/build-islands.ts'])
}
if (!(await lint)) {
  console.error('\nThe lint or format check failed: see its output above.')
  process.exit(1)
}
const vitestSubset = process.argv.length > 2
if (process.env.E2E_ONLY !== '1') {
  // Unit and integration tests each in a process of their own, beside the HTTP tests, whose files
  // share a started site per worker (vitest.config.ts). The HTTP tests leave the cores idle about a
  // quarter of their time (waiting for mail, timers and servers), which the others fill: side by
  // side they take minutes less than one after the other. Each group has a database cluster of its
  // own. With arguments, a group they leave empty passes.
  const args = ['run', ...(vitestSubset ? ['--passWithNoTests'] : []), ...process.argv.slice(2)]
  const isolated = inBackground([[bin('vitest'), args, { ...process.env, TEST_GROUP: 'isolated' }]])
  await run(bin('vitest'), args, { ...process.env, TEST_GROUP: 'http' })
  if (!(await isolated)) {
    console.error('\nThe unit or integration tests failed: see their output above.')
    process.exit(1)
  }
}
if (process.env.E2E_ONLY === '1' || (process.env.SKIP_E2E !== '1' && !vitestSubset))
  await run(bin('playwright'), ['test'])
