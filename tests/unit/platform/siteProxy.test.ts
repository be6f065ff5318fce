import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { NGINX_PATH, renderSiteTemplate, SITE_TEMPLATE } from '../../../scripts/lib/nginx'
import { isDatabaseUnavailable } from '@/platform/http'
import { MAX_AUDIO_BYTES } from '@/platform/storage/keys'

const template = fs.readFileSync(SITE_TEMPLATE, 'utf8')
const values = {
  APP_UPSTREAMS: 'server app1:3000; server app2:3000;',
  PROXY_LISTEN: '8080',
  PROXY_CACHE_DIR: '/var/cache/nginx/bandsite',
  APP_FILES_DIR: '/srv/bandsite/.data/uploads',
}

describe('deploy/nginx/site.conf.template', () => {
  it('has only the four variables envsubst fills in; nginx variables stay as they are', () => {
    const names = new Set([...template.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]))
    expect([...names].sort()).toEqual(['APP_FILES_DIR', 'APP_UPSTREAMS', 'PROXY_CACHE_DIR', 'PROXY_LISTEN'])
    const site = renderSiteTemplate(template, values)
    expect(site).toContain('server app1:3000; server app2:3000;')
    expect(site).toContain('listen 8080;')
    expect(site).toContain('proxy_cache_path /var/cache/nginx/bandsite ')
    expect(site).toContain('$proxy_add_x_forwarded_for')
    expect(site).toContain('$http_cookie')
    expect(site).not.toMatch(/\$\{/)
  })

  it('declares the microcache: lock, stale on update and errors, no cache with the session cookie', () => {
    expect(template).toMatch(/proxy_cache_lock on;/)
    expect(template).toMatch(/proxy_cache_use_stale updating error timeout/)
    expect(template).toMatch(/payload-token=/)
    expect(template).toMatch(/proxy_no_cache \$bandsite_signed_in/)
    expect(template).toMatch(/proxy_cache_key "[^"]*\$bandsite_encoding/)
    // Nothing is cached unless the app's Cache-Control allows it.
    expect(template).not.toMatch(/proxy_cache_valid|proxy_ignore_headers/)
  })

  it('drops idle connections to the app before the app does, and never sends a sent POST again', () => {
    const launcher = fs.readFileSync(path.join(import.meta.dirname, '../../../scripts/launch.ts'), 'utf8')
    const appMs = Number(/const KEEP_ALIVE_MS = (\d+)/.exec(launcher)?.[1])
    const upstream = /upstream bandsite_app \{[\s\S]*?\n\}/.exec(template)?.[0] ?? ''
    const proxyMs = Number(/keepalive_timeout (\d+)s;/.exec(upstream)?.[1]) * 1000
    expect(proxyMs).toBeGreaterThan(0)
    expect(appMs - proxyMs).toBeGreaterThanOrEqual(1000)
    // A stopping instance closes idle connections only after nginx has dropped them.
    const lifecycle = fs.readFileSync(
      path.join(import.meta.dirname, '../../../src/platform/runtime/lifecycle.ts'),
      'utf8',
    )
    const quietMs = Number(/export const DRAIN_QUIET_MS = (\d+)/.exec(lifecycle)?.[1])
    expect(quietMs - proxyMs).toBeGreaterThanOrEqual(500)
    expect(template).toMatch(/proxy_next_upstream error timeout;/)
    expect(template).not.toMatch(/proxy_next_upstream [^;]*non_idempotent/)
  })

  it('lets an audio master of up to 2 GB through to the app as it arrives, and only there', () => {
    const audio = /location \/api\/objects\/put\/audio\/ \{[\s\S]*?\n {4}\}/.exec(template)?.[0] ?? ''
    const megabytes = Number(/client_max_body_size (\d+)m;/.exec(audio)?.[1])
    expect(megabytes * 1024 * 1024).toBeGreaterThan(MAX_AUDIO_BYTES)
    expect(audio).toMatch(/proxy_request_buffering off;/)
    expect(audio).toMatch(/proxy_pass http:\/\/bandsite_app;/)
    // Everywhere else a body stays within the image limit's 11 MB.
    expect(template.replace(audio, '')).not.toMatch(/client_max_body_size (?!11m;)/)
  })

  it('streams download zips to the fan unbuffered and never caches the downloads routes', () => {
    const downloads = /location \/api\/downloads\/ \{[\s\S]*?\n {4}\}/.exec(template)?.[0] ?? ''
    expect(downloads).toMatch(/proxy_buffering off;/)
    expect(downloads).toMatch(/proxy_pass http:\/\/bandsite_app;/)
    expect(downloads).not.toMatch(/proxy_cache /)
    const personal = /map \$uri \$bandsite_personal_path \{[\s\S]*?\n\}/.exec(template)?.[0] ?? ''
    expect(personal).toMatch(/\|downloads\)\(\/\|\$\)" 1;\n.*\|downloads\)/)
  })

  it('is accepted by nginx -t once rendered', () => {
    if (!fs.existsSync(NGINX_PATH)) throw new Error(`nginx not found at ${NGINX_PATH}`)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-nginx-t-'))
    try {
      const site = renderSiteTemplate(template, {
        APP_UPSTREAMS: 'server 127.0.0.1:3000;',
        PROXY_LISTEN: '127.0.0.1:1',
        PROXY_CACHE_DIR: path.join(dir, 'cache'),
        APP_FILES_DIR: path.join(dir, 'files'),
      })
      fs.writeFileSync(path.join(dir, 'site.conf'), site)
      fs.writeFileSync(
        path.join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid; events {} http { include ${dir}/site.conf; }\n`,
      )
      const result = spawnSync(
        NGINX_PATH,
        ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
        { encoding: 'utf8' },
      )
      expect(result.status, result.stderr).toBe(0)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('isDatabaseUnavailable', () => {
  it('recognises refused, dropped and shut-down connections, however deeply wrapped', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    expect(isDatabaseUnavailable(refused)).toBe(true)
    expect(
      isDatabaseUnavailable(new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') })),
    ).toBe(true)
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ).toBe(true)
    expect(isDatabaseUnavailable(new AggregateError([refused], 'all attempts failed'))).toBe(true)
  })

  it('leaves query and data errors alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false)
    expect(isDatabaseUnavailable(null)).toBe(false)
  })
})
