import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * `scripts/tool.mjs` (`npm run content|backup|restore`) runs the build's bundle of a tool only
 * while no file under src/ or scripts/ changed since it was made; otherwise the tool's source.
 * Checked on a copy of the runner in a tree of its own, whose "tool" says which of the two ran.
 */

const root = path.resolve(import.meta.dirname, '../../..')
let tree: string

/** Runs `node scripts/tool.mjs …args` in the test tree; answers what it printed, or its exit code. */
function tool(...args: string[]): string {
  try {
    return execFileSync(process.execPath, [path.join(tree, 'scripts', 'tool.mjs'), ...args], {
      cwd: tree,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim()
  } catch (error) {
    return `exit ${(error as { status: number }).status}`
  }
}

/** Sets a file's change time `secondsAgo` before now. */
const touch = (file: string, secondsAgo: number) => {
  const at = new Date(Date.now() - secondsAgo * 1000)
  fs.utimesSync(file, at, at)
}

beforeAll(() => {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-tool-'))
  fs.mkdirSync(path.join(tree, 'scripts'))
  fs.mkdirSync(path.join(tree, 'src', 'lib'), { recursive: true })
  fs.mkdirSync(path.join(tree, '.next', 'launcher'), { recursive: true })
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'))
  fs.copyFileSync(path.join(root, 'scripts', 'tool.mjs'), path.join(tree, 'scripts', 'tool.mjs'))
  // The source is TypeScript (it runs through the TypeScript loader); both print their arguments.
  fs.writeFileSync(
    path.join(tree, 'scripts', 'content.ts'),
    "const from: string = 'source'\nconsole.log(from, process.argv.slice(2).join(' '))\n",
  )
  fs.writeFileSync(path.join(tree, 'src', 'lib', 'rule.ts'), 'export const rule = 1\n')
  fs.writeFileSync(
    path.join(tree, '.next', 'launcher', 'content.mjs'),
    "console.log('bundle', process.argv.slice(2).join(' '))\n",
  )
  for (const file of ['scripts/tool.mjs', 'scripts/content.ts', 'src/lib/rule.ts']) touch(path.join(tree, file), 60)
})

afterAll(() => fs.rmSync(tree, { recursive: true, force: true }))

describe('scripts/tool.mjs', () => {
  it('runs the bundle made after the last change, with the arguments given', () => {
    touch(path.join(tree, '.next', 'launcher', 'content.mjs'), 30)
    expect(tool('content', 'export', 'file.json')).toBe('bundle export file.json')
  })

  it('runs the source once a file under src/ or scripts/ changed after the bundle', () => {
    touch(path.join(tree, '.next', 'launcher', 'content.mjs'), 30)
    touch(path.join(tree, 'src', 'lib', 'rule.ts'), 10)
    expect(tool('content', 'import', 'file.json', '--dry-run')).toBe('source import file.json --dry-run')
    touch(path.join(tree, 'src', 'lib', 'rule.ts'), 60)
    touch(path.join(tree, 'scripts', 'content.ts'), 10)
    expect(tool('content', 'export', 'x.json')).toBe('source export x.json')
  })

  it('runs the source when there is no build', () => {
    fs.renameSync(path.join(tree, '.next', 'launcher', 'content.mjs'), path.join(tree, 'content.mjs'))
    try {
      expect(tool('content', 'export', 'y.json')).toBe('source export y.json')
    } finally {
      fs.renameSync(path.join(tree, 'content.mjs'), path.join(tree, '.next', 'launcher', 'content.mjs'))
    }
  })

  it('refuses a name that is not one of its tools', () => {
    expect(tool('prepare')).toBe('exit 2')
    expect(tool()).toBe('exit 2')
  })
})
