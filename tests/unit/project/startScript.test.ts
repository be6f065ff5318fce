import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { START_SCRIPT } from '../../../scripts/lib/productionServer'

/**
 * `npm start`, the Docker image and the test suite's servers all start the production server
 * through one script, which puts the server's native memory on jemalloc (the machine running the
 * suite has Debian's libjemalloc2, as `.ci/run` and the image install it).
 */
const root = path.resolve(import.meta.dirname, '../../..')
const JEMALLOC = /\/libjemalloc\.so\.2$/

/** Runs the script with Node arguments that print instead of starting a server (they go first). */
function node(args: string[], env: Record<string, string | undefined> = {}) {
  const run = spawnSync('sh', [START_SCRIPT, ...args], {
    cwd: root,
    env: { ...process.env, NODE: process.execPath, LD_PRELOAD: undefined, MALLOC_CONF: undefined, ...env },
    encoding: 'utf8',
  })
  return { stdout: run.stdout.trim(), stderr: run.stderr }
}
const print = (expression: string, env: Record<string, string | undefined> = {}) => node(['-p', expression], env).stdout
const preloaded = (env: Record<string, string | undefined> = {}) =>
  print('process.env.LD_PRELOAD ?? ""', env).split(' ').filter(Boolean)

describe('the start script', () => {
  it('preloads the system jemalloc for the server', () => {
    const preload = preloaded()
    expect(preload).toHaveLength(1)
    expect(preload[0]).toMatch(JEMALLOC)
    expect(fs.existsSync(preload[0]!)).toBe(true)
  })

  it('sets jemalloc to give freed memory back while idle, with settings it accepts, unless MALLOC_CONF is set', () => {
    // The threads of the running process, by name.
    const threads = node([
      '-e',
      'setTimeout(() => console.log(fs.readdirSync("/proc/self/task").map((t) => fs.readFileSync(`/proc/self/task/${t}/comm`, "utf8").trim()).join(" ")), 300)',
    ])
    expect(threads.stderr, 'jemalloc warns of a setting it does not know').toBe('')
    expect(threads.stdout.split(' ')).toContain('jemalloc_bg_thd')
    expect(print('process.env.MALLOC_CONF')).toContain('background_thread:true')
    expect(print('process.env.MALLOC_CONF', { MALLOC_CONF: 'narenas:1' })).toBe('narenas:1')
  })

  it('keeps a library the environment already preloads, and never adds jemalloc twice', () => {
    const jemalloc = preloaded()[0]!
    const libm = fs.readFileSync('/proc/self/maps', 'utf8').match(/\/\S*\/libm\.so\.6/)?.[0]
    expect(libm, 'this process maps libm').toBeTruthy()
    expect(preloaded({ LD_PRELOAD: libm })).toEqual([jemalloc, libm])
    expect(preloaded({ LD_PRELOAD: jemalloc })).toEqual([jemalloc])
  })

  it('is what npm start and the Docker image run, and the image has jemalloc', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
    expect(pkg.scripts.start).toBe(`sh ${START_SCRIPT}`)
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8')
    const runtime = dockerfile.slice(dockerfile.search(/^FROM .* AS runtime$/m))
    expect(runtime).toMatch(/apt-get install [^\n]*\blibjemalloc2\b/)
    expect(runtime).toContain(`CMD ["sh", "${START_SCRIPT}"]`)
  })
})
