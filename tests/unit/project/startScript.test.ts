import { execFileSync, spawnSync } from 'node:child_process'
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

/** What the script hands Node: its arguments go first, so `-p` prints instead of starting a server. */
function preloadSeen(env: Record<string, string | undefined>): string[] {
  const out = execFileSync('sh', [START_SCRIPT, '-p', 'process.env.LD_PRELOAD ?? ""'], {
    cwd: root,
    env: { ...process.env, NODE: process.execPath, ...env } as NodeJS.ProcessEnv,
    encoding: 'utf8',
  })
  return out.trim().split(' ').filter(Boolean)
}

describe('the start script', () => {
  it('preloads the system jemalloc for the server', () => {
    const preload = preloadSeen({ LD_PRELOAD: undefined })
    expect(preload).toHaveLength(1)
    expect(preload[0]).toMatch(JEMALLOC)
    expect(fs.existsSync(preload[0]!)).toBe(true)
  })

  it('sets jemalloc to give freed memory back while idle, with settings it accepts, unless MALLOC_CONF is set', () => {
    // The server's threads, by name, once it is running.
    const threads = spawnSync(
      'sh',
      [
        START_SCRIPT,
        '-e',
        'setTimeout(() => console.log(fs.readdirSync("/proc/self/task").map((t) => fs.readFileSync(`/proc/self/task/${t}/comm`, "utf8").trim()).join(" ")), 300)',
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE: process.execPath,
          LD_PRELOAD: undefined,
          MALLOC_CONF: undefined,
        } as NodeJS.ProcessEnv,
        encoding: 'utf8',
      },
    )
    expect(threads.stderr, 'jemalloc warns of a setting it does not know').toBe('')
    expect(threads.stdout.split(' ')).toContain('jemalloc_bg_thd')
    const conf = (env: Record<string, string | undefined>) =>
      execFileSync('sh', [START_SCRIPT, '-p', 'process.env.MALLOC_CONF'], {
        cwd: root,
        env: { ...process.env, NODE: process.execPath, ...env } as NodeJS.ProcessEnv,
        encoding: 'utf8',
      }).trim()
    expect(conf({ MALLOC_CONF: undefined })).toContain('background_thread:true')
    expect(conf({ MALLOC_CONF: 'narenas:1' })).toBe('narenas:1')
  })

  it('keeps a library the environment already preloads, and never adds jemalloc twice', () => {
    const jemalloc = preloadSeen({ LD_PRELOAD: undefined })[0]!
    const libm = fs.readFileSync('/proc/self/maps', 'utf8').match(/\/\S*\/libm\.so\.6/)?.[0]
    expect(libm, 'this process maps libm').toBeTruthy()
    expect(preloadSeen({ LD_PRELOAD: libm })).toEqual([jemalloc, libm])
    expect(preloadSeen({ LD_PRELOAD: jemalloc })).toEqual([jemalloc])
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
