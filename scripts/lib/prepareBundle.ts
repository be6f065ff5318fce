/**
 * The launcher's prepare step (scripts/prepare.ts: migrations, owner, first seed) bundled with the
 * production build into one file that plain Node runs. Run from source it went through the
 * TypeScript loader for every module it imports, which doubled its time on every start; the
 * bundle keeps the packages as imports and holds only the project's own code.
 */
import fs from 'node:fs'
import path from 'node:path'

/** The project's directory: this file is two levels below it, in scripts/lib/ or in the bundles' .next/launcher/. */
export const root = path.resolve(import.meta.dirname, '../..')

/** Where `npm run build` writes the bundle, under the build directory. */
export const prepareBundle = (distDir = '.next') => path.join(root, distDir, 'launcher', 'prepare.mjs')

export const prepareBuilt = (distDir = '.next') => fs.existsSync(prepareBundle(distDir))

/** The command line that runs the prepare step: the bundle after a build, the source otherwise. */
export function prepareCommand(mode: 'start' | 'dev'): string[] {
  return mode === 'start' && prepareBuilt()
    ? [prepareBundle()]
    : ['--import', 'tsx', path.join(root, 'scripts', 'prepare.ts')]
}

/** The production launcher (scripts/launch.ts) bundled the same way: `node .next/launcher/launch.mjs start`. */
export const launcherBundle = (distDir = '.next') => path.join(root, distDir, 'launcher', 'launch.mjs')

export async function buildPrepare(distDir = '.next'): Promise<void> {
  await bundle('scripts/prepare.ts', prepareBundle(distDir))
  await bundle('scripts/launch.ts', launcherBundle(distDir))
}

async function bundle(entry: string, outfile: string): Promise<void> {
  const esbuild = await import('esbuild')
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages load from node_modules as they do for the server; only the project's code is bundled.
    packages: 'external',
    tsconfig: 'tsconfig.json',
    outfile,
    legalComments: 'none',
    logLevel: 'warning',
  })
}
