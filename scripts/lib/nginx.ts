/**
 * Debian's nginx with the committed deploy/nginx/site.conf.template, for the benchmark and the
 * tests: renders the template the way envsubst does for its four variables, wraps it in a
 * minimal main configuration under a throwaway directory, and starts nginx in the foreground.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { freePort } from './freePort'

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
export const SITE_TEMPLATE = path.resolve(import.meta.dirname, '../../deploy/nginx/site.conf.template')
const TEMPLATE_VARIABLES = ['APP_UPSTREAMS', 'PROXY_LISTEN', 'PROXY_CACHE_DIR', 'APP_FILES_DIR'] as const

/**
 * Each app server's parameters, as docker-compose.yml's APP_UPSTREAMS gives them: a server that
 * refused a connection is left out for 5 s (nginx's default is 10 s). In a rolling restart the
 * instance that came back is then in use again before the next one stops; with 10 s, an instance
 * stopped within 10 s of the previous one's refusal left nginx with no server for the POSTs
 * (502 "no live upstreams").
 */
export const UPSTREAM_PARAMETERS = 'max_fails=1 fail_timeout=5s'

export type TemplateValues = Record<(typeof TEMPLATE_VARIABLES)[number], string>

/** `envsubst '${APP_UPSTREAMS} ${PROXY_LISTEN} ${PROXY_CACHE_DIR} ${APP_FILES_DIR}'`: only those names are replaced. */
export function renderSiteTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\$\{(\w+)\}|\$(\w+)/g, (match, braced: string | undefined, bare: string | undefined) => {
    const name = (braced ?? bare) as keyof TemplateValues
    return TEMPLATE_VARIABLES.includes(name) ? values[name] : match
  })
}

export type RunningNginx = { url: string; port: number; dir: string; stop: () => Promise<void>; log: () => string }

/**
 * Starts nginx in front of the given app servers ("host:port") on a loopback port (a free one by
 * default). `filesDir` is the app's upload directory when it keeps files on local disk (nginx's
 * workers must be able to read it); without it, an empty directory. `template` replaces the
 * committed template's text (a benchmark's variant).
 */
export async function startNginx(
  upstreams: string[],
  options: { port?: number; filesDir?: string; template?: string } = {},
): Promise<RunningNginx> {
  if (!fs.existsSync(NGINX_PATH)) throw new Error(`nginx not found at ${NGINX_PATH} (apt-get install nginx)`)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-nginx-'))
  // nginx's workers run as an unprivileged user when started as root: they must reach the directory.
  fs.chmodSync(dir, 0o755)
  const port = options.port ?? (await freePort())
  const site = renderSiteTemplate(options.template ?? fs.readFileSync(SITE_TEMPLATE, 'utf8'), {
    APP_UPSTREAMS: upstreams.map((u) => `server ${u} ${UPSTREAM_PARAMETERS};`).join(' '),
    PROXY_LISTEN: `127.0.0.1:${port}`,
    PROXY_CACHE_DIR: path.join(dir, 'cache'),
    APP_FILES_DIR: options.filesDir ?? path.join(dir, 'files'),
  })
  fs.writeFileSync(path.join(dir, 'site.conf'), site)
  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    fs.mkdirSync(path.join(dir, temp))
    fs.chmodSync(path.join(dir, temp), 0o777)
  }
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 2;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      '  default_type application/octet-stream;',
      `  client_body_temp_path ${dir}/client_body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      `  include ${dir}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  )
  let output = ''
  const child = spawn(NGINX_PATH, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const log = () =>
    output + (fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : '')

  const deadline = Date.now() + 10_000
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${log()}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`nginx did not start:\n${log()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dir,
    log,
    stop: async () => {
      // SIGQUIT: graceful shutdown of the master and its workers.
      if (child.exitCode === null) child.kill('SIGQUIT')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))])
      if (child.exitCode === null) child.kill('SIGKILL')
      await exited
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
