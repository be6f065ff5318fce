import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { envSchema, parseEnv } from '@/platform/runtime/env'

import { UPSTREAM_PARAMETERS } from '../../../scripts/lib/nginx'

/**
 * docker-compose.yml, checked without Docker: Debian's docker-compose validates and resolves it
 * (`.ci/run` installs it), and the resolved app environment must pass the app's own schema.
 */

const root = path.resolve(import.meta.dirname, '../../..')
const SECRETS = {
  POSTGRES_PASSWORD: 'pg-password-123',
  PAYLOAD_SECRET: '0123456789abcdef0123456789abcdef-compose',
  S3_ACCESS_KEY_ID: 'bandsite',
  S3_SECRET_ACCESS_KEY: 'bandsite-secret-key',
}

function compose(args: string[], vars: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-compose-'))
  const envFile = path.join(dir, '.env')
  fs.writeFileSync(
    envFile,
    Object.entries(vars)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n') + '\n',
  )
  // Only the given file supplies variables, whatever this machine's environment holds.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !(k in envSchema.shape) && !(k in SECRETS)),
  ) as NodeJS.ProcessEnv
  const result = spawnSync(
    'docker-compose',
    ['--env-file', envFile, '-f', path.join(root, 'docker-compose.yml'), ...args],
    { cwd: root, env, encoding: 'utf8' },
  )
  fs.rmSync(dir, { recursive: true, force: true })
  if (result.error) throw new Error(`docker-compose is not installed (.ci/run installs it): ${result.error.message}`)
  return result
}

type Service = {
  image?: string
  build?: unknown
  environment?: Record<string, string | null>
  deploy?: { replicas?: number }
  healthcheck?: { test: string[] }
  volumes?: (string | { source: string; target: string; type: string })[]
  ports?: unknown[]
  depends_on?: Record<string, { condition: string }>
  entrypoint?: string[]
}

function resolved(): { services: Record<string, Service>; volumes: Record<string, unknown> } {
  const result = compose(['config'], SECRETS)
  expect(result.status, result.stderr).toBe(0)
  // docker-compose is written in Python and brings PyYAML: it turns the resolved YAML into JSON.
  const json = spawnSync(
    'python3',
    ['-c', 'import sys, json, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'],
    { input: result.stdout, encoding: 'utf8' },
  )
  expect(json.status, json.stderr).toBe(0)
  return JSON.parse(json.stdout)
}

/** Mounts as `source:target`, whichever form docker-compose printed them in. */
const mounts = (service: Service) =>
  (service.volumes ?? []).map((v) =>
    typeof v === 'string' ? v.split(':').slice(0, 2).join(':') : `${v.source}:${v.target}`,
  )

describe('docker-compose.yml', () => {
  it('validates with docker-compose config -q', () => {
    const result = compose(['config', '-q'], SECRETS)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('refuses to start without the secrets, naming the missing one', () => {
    const { PAYLOAD_SECRET: _omitted, ...rest } = SECRETS
    const result = compose(['config', '-q'], rest)
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('Set PAYLOAD_SECRET in .env')
  })

  it('runs PostgreSQL on a named volume, Redis, MinIO with its bucket, Mailpit, two app replicas and nginx', () => {
    const { services, volumes } = resolved()
    expect(services.postgres!.image).toMatch(/^postgres:\d+/)
    expect(mounts(services.postgres!)).toContain('postgres-data:/var/lib/postgresql/data')
    expect(Object.keys(volumes)).toContain('postgres-data')
    expect(services.redis!.image).toMatch(/^redis:/)
    expect(services.minio!.image).toMatch(/^minio\/minio:/)
    expect(services['minio-bucket']!.entrypoint!.join(' ')).toContain('mc mb --ignore-existing')
    expect(services.mailpit!.image).toMatch(/^axllent\/mailpit:/)

    const app = services.app!
    expect(app.build).toBeTruthy()
    expect(app.deploy?.replicas).toBe(2)
    expect(app.healthcheck!.test.join(' ')).toContain('/api/health')
    expect(app.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'minio-bucket': { condition: 'service_completed_successfully' },
    })

    const nginx = services.nginx!
    expect(nginx.image).toMatch(/^nginx:/)
    expect(JSON.stringify(nginx.ports)).toContain('8080')
    expect(mounts(nginx)).toContain(
      `${path.join(root, 'deploy/nginx/site.conf.template')}:/etc/nginx/templates/site.conf.template`,
    )
    expect(nginx.depends_on).toMatchObject({ app: { condition: 'service_healthy' } })
  })
})

describe('docker-compose.yml', () => {
  it('gives the app every variable it reads, and they pass its own environment schema', () => {
    const app = resolved().services.app!
    const environment = Object.fromEntries(Object.entries(app.environment ?? {}).map(([k, v]) => [k, v ?? '']))

    // Variables the app's code reads: all of them are in the schema, and all are set for the app.
    const read = new Set<string>()
    const sources = [
      path.join(root, 'src'),
      path.join(root, 'scripts/launch.ts'),
      path.join(root, 'scripts/prepare.ts'),
    ]
    const files = sources.flatMap((s) =>
      fs.statSync(s).isDirectory()
        ? fs.readdirSync(s, { recursive: true, encoding: 'utf8' }).map((f) => path.join(s, f))
        : [s],
    )
    for (const file of files.filter((f) => /\.tsx?$/.test(f))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g))
        read.add(match[1]!)
    }
    // Set by Next.js itself or by the launcher, or only while generating types; PATH is the
    // system's, where the music module looks for ffmpeg.
    for (const name of [
      'PATH',
      'NEXT_RUNTIME',
      'NEXT_PHASE',
      'NEXT_PRIVATE_START_TIME',
      'NEXT_TELEMETRY_DISABLED',
      'NEXT_MANUAL_SIG_HANDLE',
      'PAYLOAD_TYPES_OUT',
    ])
      read.delete(name)
    const schemaKeys = Object.keys(envSchema.shape)
    expect([...read].filter((name) => !schemaKeys.includes(name))).toEqual([])
    expect(schemaKeys.filter((name) => !(name in environment))).toEqual([])

    const env = parseEnv(environment)
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      PAYLOAD_SECRET: SECRETS.PAYLOAD_SECRET,
      DATABASE_URL: `postgres://bandsite:${SECRETS.POSTGRES_PASSWORD}@postgres:5432/bandsite`,
      SITE_URL: 'http://localhost:8080',
      SMTP_URL: 'smtp://mailpit:1025',
      S3_BUCKET: 'bandsite',
      S3_ACCESS_KEY_ID: SECRETS.S3_ACCESS_KEY_ID,
      REDIS_URL: 'redis://redis:6379',
      TRUST_PROXY_HOPS: '1',
    })
  })
})

describe('docker-compose.yml', () => {
  it("gives nginx's app servers the parameters the benchmarks and tests run nginx with", () => {
    const upstreams = resolved().services.nginx!.environment!.APP_UPSTREAMS!
    const servers = upstreams.split(';').filter((line) => line.trim() !== '')
    expect(servers.length).toBeGreaterThan(0)
    for (const server of servers) expect(server.trim()).toMatch(new RegExp(`^server \\S+ ${UPSTREAM_PARAMETERS}$`))
  })

  it('renders the nginx template with exactly its four variables into a configuration nginx accepts', () => {
    const nginx = resolved().services.nginx!
    const env = nginx.environment!
    const template = fs.readFileSync(path.join(root, 'deploy/nginx/site.conf.template'), 'utf8')
    const wanted = ['APP_FILES_DIR', 'APP_UPSTREAMS', 'PROXY_CACHE_DIR', 'PROXY_LISTEN']
    expect(
      Object.keys(env)
        .filter((k) => k !== 'NGINX_ENVSUBST_FILTER')
        .sort(),
    ).toEqual(wanted)
    const filter = new RegExp(env.NGINX_ENVSUBST_FILTER!)
    expect(
      Object.keys(env)
        .filter((k) => filter.test(k))
        .sort(),
    ).toEqual(wanted)
    expect(filter.test('host')).toBe(false)

    // What the image's envsubst step does: only the filtered names are replaced.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-nginx-'))
    try {
      const rendered = template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) =>
        filter.test(name) && name in env ? env[name]! : whole,
      )
      expect(rendered).not.toMatch(/\$\{/)
      const cacheDir = path.join(dir, 'cache')
      fs.writeFileSync(
        path.join(dir, 'site.conf'),
        rendered
          .replace(env.PROXY_CACHE_DIR!, cacheDir)
          .replace(/server app:3000/g, 'server 127.0.0.1:3000')
          .replace(`listen ${env.PROXY_LISTEN}`, 'listen 127.0.0.1:18080'),
      )
      fs.writeFileSync(
        path.join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n  include ${dir}/site.conf;\n}\n`,
      )
      const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p))
      expect(nginxBin, 'Debian nginx is installed').toBeTruthy()
      const checked = spawnSync(nginxBin!, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'], {
        encoding: 'utf8',
      })
      expect(checked.stderr).toContain('syntax is ok')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('Dockerfile', () => {
  /** What the runtime stage copies from the build context (not from another stage). */
  function runtimeCopies(): string[] {
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8')
    const runtime = dockerfile.slice(dockerfile.search(/^FROM .* AS runtime$/m))
    return [...runtime.matchAll(/^COPY (?!.*--from)(?:--\S+ )*(.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/))
  }

  it('gives the running image every file the production server loads from outside its build', () => {
    const config = fs.readFileSync(path.join(root, 'next.config.ts'), 'utf8')
    const cacheHandler = /cacheHandler: fileURLToPath\(new URL\('\.\/([^']+)'/.exec(config)?.[1]
    expect(cacheHandler, 'next.config.ts names its cache handler file').toBeTruthy()
    const copies = runtimeCopies()
    // The cache handler, the config, the static files, the launcher and the code it runs with tsx.
    for (const needed of [cacheHandler!, 'next.config.ts', 'public', 'scripts', 'src', 'package.json'])
      expect(copies, needed).toContain(needed)
  })
})
