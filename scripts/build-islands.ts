/**
 * Builds the landing page's script (src/landing/islands/hydrate.tsx): React and the page's interactive
 * parts, minified, with each dialog in a chunk of its own that loads on first use. Next serves the
 * files under /_next/static/islands/ (content-hashed names, cached for a year); the page reads
 * which file to link from .next/islands-manifest.json. The same step builds the till's script,
 * bundles the launcher's prepare step (scripts/lib/prepareBundle.ts), has the server routes share
 * the chunks the build copied for each of them (scripts/lib/shareServerChunks.ts) and writes the
 * server's files so that V8 holds their source one byte per character (scripts/lib/oneByteServerCode.ts).
 *
 *   node --import tsx scripts/build-islands.ts           # after `next build` (npm run build does both)
 *   node --import tsx scripts/build-islands.ts --watch   # development: rebuilds on every change
 */
import fs from 'node:fs'
import path from 'node:path'

import type * as esbuild from 'esbuild'

import { buildPrepare } from './lib/prepareBundle'
import { oneByteServerCode } from './lib/oneByteServerCode'
import { shareServerChunks } from './lib/shareServerChunks'
import { ISLANDS_MANIFEST, ISLANDS_PUBLIC_PATH, islandsOutputDir, type IslandsManifest } from '../src/landing/manifest'

const root = path.resolve(import.meta.dirname, '..')

/** Whether the production build holds the landing page's script (`npm start` refuses to start without it). */
export const islandsBuilt = (distDir = '.next') => fs.existsSync(path.join(root, distDir, ISLANDS_MANIFEST))

export async function buildIslands({ distDir = '.next', watch = false } = {}): Promise<esbuild.BuildContext | void> {
  const outdir = path.join(root, islandsOutputDir(distDir))
  fs.rmSync(outdir, { recursive: true, force: true })
  const options: esbuild.BuildOptions = {
    absWorkingDir: root,
    entryPoints: { islands: 'src/landing/islands/hydrate.tsx' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome111', 'firefox114', 'safari16.4', 'edge111'],
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': watch ? '"development"' : '"production"' },
    outdir,
    publicPath: ISLANDS_PUBLIC_PATH,
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    legalComments: 'none',
    // Chromium compiles every function of a file with this comment at its top while the file
    // downloads, on a thread of its own, instead of on the page's main thread when each is first
    // called: React's code runs as soon as the module is evaluated, and a dialog's when it loads.
    banner: { js: '//# allFunctionsCalledOnLoad' },
    metafile: true,
    // 'use client' marks these modules for the framework's bundler; here every module is client code.
    logOverride: { 'module-level-directive': 'silent' },
    plugins: [manifestPlugin(path.join(root, distDir, ISLANDS_MANIFEST))],
  }
  // Loaded here, so that the launcher's check above does not load the bundler.
  const esbuild = await import('esbuild')
  if (!watch) {
    await esbuild.build(options)
    return
  }
  const context = await esbuild.context(options)
  await context.watch()
  return context
}

/** Writes which file the page links (and which chunks it preloads) after every build. */
function manifestPlugin(file: string): esbuild.Plugin {
  return {
    name: 'islands-manifest',
    setup(build) {
      build.onEnd((result) => {
        if (!result.metafile) return
        const outputs = Object.entries(result.metafile.outputs)
        const entry = outputs.find(([, output]) => output.entryPoint === 'src/landing/islands/hydrate.tsx')
        if (!entry) return
        const url = (output: string) => `${ISLANDS_PUBLIC_PATH}/${path.basename(output)}`
        const manifest: IslandsManifest = {
          script: url(entry[0]),
          preload: entry[1].imports.filter((i) => i.kind === 'import-statement').map((i) => url(i.path)),
        }
        fs.mkdirSync(path.dirname(file), { recursive: true })
        fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n')
      })
    },
  }
}

/**
 * Builds the merch-table till's script and service worker (src/modules/merchTable/till/) into `<distDir>/till/`
 * (`app.js`, `sw.js`), which /till/app.js and /till/sw.js serve under fixed names: the service
 * worker keeps the script under its address and refreshes it whenever the network answers.
 */
export async function buildTill({ distDir = '.next', watch = false } = {}): Promise<esbuild.BuildContext | void> {
  const options: esbuild.BuildOptions = {
    absWorkingDir: root,
    entryPoints: { app: 'src/modules/merchTable/till/app.ts', sw: 'src/modules/merchTable/till/sw.ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['chrome111', 'firefox114', 'safari16.4', 'edge111'],
    minify: !watch,
    outdir: path.join(root, distDir, 'till'),
    legalComments: 'none',
  }
  const esbuild = await import('esbuild')
  if (!watch) {
    await esbuild.build(options)
    return
  }
  const context = await esbuild.context(options)
  await context.watch()
  return context
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const watch = process.argv.includes('--watch')
  await buildIslands({ watch })
  await buildTill({ watch })
  if (!watch) {
    await buildPrepare()
    console.log(`Landing page script built into ${islandsOutputDir('.next')}/, the till's into .next/till/`)
    const { copies, bytes } = shareServerChunks(path.join(root, '.next'))
    console.log(
      `Server routes share ${copies} chunks they each had a copy of (${(bytes / 1e6).toFixed(1)} MB no longer loaded)`,
    )
    const oneByte = await oneByteServerCode(path.join(root, '.next'))
    console.log(
      `Server files printed with escapes so V8 keeps them one byte per character: ${oneByte.files} ` +
        `(${(oneByte.chars / 1e6).toFixed(1)} M characters), ${oneByte.kept} left as they were`,
    )
  }
}
