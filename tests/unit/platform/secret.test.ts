import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { payloadSecret } from '@/platform/runtime/secret'

const dirs: string[] = []
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-'))
  dirs.push(dir)
  vi.stubEnv('DATA_DIR', dir)
  vi.stubEnv('PAYLOAD_SECRET', '')
  return dir
}

afterEach(() => {
  vi.unstubAllEnvs()
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('the secret kept in the data folder', () => {
  it('is generated once, kept in the folder, and the same on every call', () => {
    const dir = dataDir()
    const secret = payloadSecret()
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
    expect(fs.readFileSync(path.join(dir, 'payload-secret'), 'utf8')).toBe(secret)
    expect(payloadSecret()).toBe(secret)
  })

  it('is read from its file once per process: the signatures made with it stay valid while the site runs', () => {
    const dir = dataDir()
    fs.writeFileSync(path.join(dir, 'payload-secret'), 'first-secret\n')
    const read = vi.spyOn(fs, 'readFileSync')
    expect(payloadSecret()).toBe('first-secret')
    fs.writeFileSync(path.join(dir, 'payload-secret'), 'changed-on-disk')
    expect(payloadSecret()).toBe('first-secret')
    expect(read.mock.calls.filter(([file]) => String(file).endsWith('payload-secret'))).toHaveLength(1)
    read.mockRestore()
  })

  it('is the one of each data folder', () => {
    const first = dataDir()
    fs.writeFileSync(path.join(first, 'payload-secret'), 'secret-one')
    expect(payloadSecret()).toBe('secret-one')
    const second = dataDir()
    fs.writeFileSync(path.join(second, 'payload-secret'), 'secret-two')
    expect(payloadSecret()).toBe('secret-two')
  })

  it('is PAYLOAD_SECRET when that is set', () => {
    dataDir()
    vi.stubEnv('PAYLOAD_SECRET', 'from-the-environment')
    expect(payloadSecret()).toBe('from-the-environment')
  })
})
