import fs from 'node:fs'
import path from 'node:path'

import { run, which, type Finding } from './scanTools'

const WAPITI_MODULES = 'sql,xss,exec,file,redirect,crlf,ssrf,csp,http_headers,cookieflags,methods,permanentxss'

/** Runs wapiti with its exclusion patterns compiled the way Python 3.11 accepts. */
const WAPITI_WRAPPER = `import re, sys
import wapitiCore.net.crawler as crawler
crawler.wildcard_translate = lambda p: re.compile('(?ms)' + ''.join('.*' if c == '*' else re.escape(c) for c in p) + r'\\Z')
from importlib.metadata import distribution
main = next(e for e in distribution('wapiti3').entry_points if e.group == 'console_scripts' and e.name == 'wapiti').load()
sys.argv[0] = 'wapiti'
sys.exit(main())
`

/** The Python that has wapiti's modules: the interpreter its launcher names. */
function wapitiPython(): string {
  const launcher = fs.readFileSync(which('wapiti')!, 'utf8')
  return launcher.match(/^#!\s*(\S+)/)?.[1] ?? '/usr/bin/python3'
}

const WAPITI_START_PATHS = [
  '/login',
  '/checkout',
  '/success',
  '/newsletter/subscribed',
  '/admin',
  '/cms',
  '/api/band-profile',
  '/api/links',
  '/api/products',
  '/api/shows',
  '/api/theme-settings',
  '/api/orders/1',
  '/api/cms/products?where[name][like]=shirt&limit=5',
  '/api/admin/orders?q=fan&status=paid&limit=10',
  '/api/admin/subscribers?q=fan&limit=10',
  '/api/admin/orders/export?q=fan',
]

/** Runs wapiti through the logging proxy for at most `seconds`, and reads its report. */
export async function wapiti(o: {
  base: string
  proxy: string
  as: string
  cookie?: string
  seconds: number
  dir: string
}): Promise<Finding[]> {
  const report = path.join(o.dir, `wapiti-${o.as}.json`)
  const args = [
    '-c',
    WAPITI_WRAPPER,
    '-u',
    `${o.base}/`,
    '-m',
    WAPITI_MODULES,
    '--scope',
    'folder',
    '-p',
    `${o.proxy}/`,
    '--flush-session',
    '--store-session',
    path.join(o.dir, `wapiti-session-${o.as}`),
    '--max-scan-time',
    String(o.seconds - 15),
    '--max-attack-time',
    String(Math.max(30, Math.floor(o.seconds / 6))),
    '-f',
    'json',
    '-o',
    report,
    '-H',
    `Origin: ${o.base}`,
    // Its crawler sees only HTML links and forms: the pages and routes a script reaches start it too.
    ...WAPITI_START_PATHS.flatMap((p) => ['-s', o.base + p]),
    ...(o.cookie ? ['-H', `Cookie: ${o.cookie}`, '-x', `${o.base}/api/logout*`] : []),
  ]
  const { output, timedOut } = await run(wapitiPython(), args, o.seconds)
  if (!fs.existsSync(report)) {
    console.log(`  wapiti (${o.as}) wrote no report${timedOut ? ' in its time' : ''}:\n${output.slice(-2000)}`)
    return []
  }
  type Item = { method: string; path: string; info: string; parameter: string }
  const json = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    vulnerabilities: Record<string, Item[]>
    anomalies: Record<string, Item[]>
    additionals?: Record<string, Item[]>
  }
  const findings: Finding[] = []
  for (const [kind, group] of [
    ['vulnerability', json.vulnerabilities],
    ['anomaly', json.anomalies],
    ['note', json.additionals ?? {}],
  ] as const)
    for (const [category, items] of Object.entries(group))
      for (const item of items)
        findings.push({
          tool: 'wapiti',
          as: o.as,
          what: `${kind}: ${category}: ${item.method} ${item.path}${item.parameter ? ` [${item.parameter}]` : ''}: ${item.info}`,
        })
  return findings
}
