/**
 * The production build writes some server chunks many times under different names, byte for byte
 * the same but for their source-map comment: every route that needs the shared server code (the
 * database adapter, Payload, the modules' services) lists its own copy of one 2 MB chunk, and a
 * server that has answered every route held each copy's source and compiled code once per copy.
 * Turbopack's runtime loads a chunk once per path, so after the build each route is pointed at
 * one copy of each such chunk: the server then loads the shared code once. The copies stay on
 * disk (anything still naming one loads it as before).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const SOURCE_MAP_COMMENT = /\n?\/\/# sourceMappingURL=[^\n]*\s*$/

/** Every file under `dir` whose name ends with `suffix`. */
export function* filesUnder(dir: string, suffix: string): Generator<string> {
  if (!fs.existsSync(dir)) return
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(full, suffix)
    else if (entry.name.endsWith(suffix)) yield full
  }
}

/** A server file's content hash, its source-map comment left out: identical copies hash the same. */
export const contentHash = (source: string) =>
  crypto.createHash('sha256').update(source.replace(SOURCE_MAP_COMMENT, '')).digest('hex')

/** Chunk path (as the routes name it, "server/chunks/…") → the path of its first identical copy. */
export function findCopies(distDir: string): Map<string, string> {
  const byContent = new Map<string, string[]>()
  const chunksDir = path.join(distDir, 'server', 'chunks')
  for (const file of filesUnder(chunksDir, '.js')) {
    const hash = contentHash(fs.readFileSync(file, 'utf8'))
    const name = path.relative(distDir, file).split(path.sep).join('/')
    byContent.set(hash, [...(byContent.get(hash) ?? []), name])
  }
  const canonical = new Map<string, string>()
  for (const names of byContent.values()) {
    const [first, ...copies] = names.sort()
    for (const copy of copies) canonical.set(copy, first!)
  }
  return canonical
}

/**
 * Points every chunk list of the server build (`R.c("server/chunks/…")` in the route files, the
 * lists of chunks loaded on demand inside chunks) at the first of identical copies. Answers how
 * many copies are no longer loaded and their bytes.
 */
export function shareServerChunks(distDir: string): { copies: number; bytes: number } {
  const canonical = findCopies(distDir)
  if (canonical.size === 0) return { copies: 0, bytes: 0 }
  const reference = /"(server\/chunks\/[^"]+\.js)"/g
  for (const dir of ['app', 'pages', 'chunks'].map((d) => path.join(distDir, 'server', d))) {
    for (const file of filesUnder(dir, '.js')) {
      const source = fs.readFileSync(file, 'utf8')
      const shared = source.replace(reference, (literal, chunk: string) =>
        canonical.has(chunk) ? `"${canonical.get(chunk)}"` : literal,
      )
      if (shared !== source) fs.writeFileSync(file, shared)
    }
  }
  let bytes = 0
  for (const copy of canonical.keys()) bytes += fs.statSync(path.join(distDir, copy)).size
  return { copies: canonical.size, bytes }
}
