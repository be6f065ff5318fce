/**
 * V8 keeps the source of every script it loads (it compiles functions lazily, from their text),
 * one byte per character while the text is Latin-1 and two bytes per character as soon as it holds
 * a single character beyond: the production build's server chunks hold a few (box-drawing
 * characters of a table printer, the HTML entity decoder's tables in string literals), so the
 * server held each of them at twice its size. After the build, each server file with such a
 * character is printed again by esbuild with `charset: 'ascii'`, which writes those characters as
 * escape sequences with the same meaning. A file esbuild cannot make one-byte (a raw template or a
 * Unicode regular expression it must leave as written) stays as it was.
 */
import fs from 'node:fs'
import path from 'node:path'

import * as esbuild from 'esbuild'

import { contentHash, filesUnder } from './shareServerChunks'

const BEYOND_LATIN1 = /[^\u0000-\u00ff]/u

/** Rewrites the server build's files held two bytes per character; answers how many and their characters. */
export async function oneByteServerCode(distDir: string): Promise<{ files: number; chars: number; kept: number }> {
  const done = new Map<string, Promise<string | null>>()
  const print = (source: string) =>
    esbuild
      .transform(source, { loader: 'js', charset: 'ascii', minifyWhitespace: true, legalComments: 'none' })
      .then(({ code }) => (BEYOND_LATIN1.test(code) ? null : code))
  let files = 0
  let chars = 0
  let kept = 0
  await Promise.all(
    [...filesUnder(path.join(distDir, 'server'), '.js')].map(async (file) => {
      const source = fs.readFileSync(file, 'utf8')
      if (!BEYOND_LATIN1.test(source)) return
      // Identical copies of a chunk (see shareServerChunks) are printed once and stay identical.
      const key = contentHash(source)
      if (!done.has(key)) done.set(key, print(source))
      const printed = await done.get(key)!
      if (printed === null) {
        kept += 1
        return
      }
      fs.writeFileSync(file, printed)
      files += 1
      chars += source.length
    }),
  )
  return { files, chars, kept }
}
