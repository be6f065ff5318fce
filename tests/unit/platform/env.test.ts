import { describe, expect, it } from 'vitest'

import { EnvError, parseEnv } from '@/platform/runtime/env'

describe('configuration from the environment', () => {
  it('accepts an empty environment (the demo defaults) and a complete one', () => {
    expect(parseEnv({}).DATABASE_URL).toBeUndefined()
    const full = parseEnv({
      DATABASE_URL: 'postgres://u:p@db:5432/band',
      PORT: '8080',
      SITE_URL: 'https://band.example',
      OWNER_EMAIL: 'owner@band.example',
      OWNER_PASSWORD: 'long enough',
      PAYMENT_PROVIDER: 'test',
      S3_FORCE_PATH_STYLE: 'true',
      MEMORY_CEILING_MB: '512',
    })
    expect(full).toMatchObject({ PORT: '8080', SITE_URL: 'https://band.example', PAYMENT_PROVIDER: 'test' })
  })

  it.each([
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ PAYLOAD_SECRET: 'short' }, 'PAYLOAD_SECRET'],
    [{ PAYMENT_PROVIDER: 'stripe' }, 'PAYMENT_PROVIDER'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
    [{ OWNER_EMAIL: 'owner@example.com' }, 'OWNER_PASSWORD'],
    [{ S3_BUCKET: 'media' }, 'S3_ACCESS_KEY_ID'],
    [{ REDIS_URL: 'http://cache:6379' }, 'REDIS_URL'],
    [{ MEMORY_CEILING_MB: '64' }, 'MEMORY_CEILING_MB'],
    [{ MEMORY_CEILING_MB: '1 GB' }, 'MEMORY_CEILING_MB'],
  ])('%o stops start-up with one line naming %s', (source, name) => {
    try {
      parseEnv(source as Record<string, string>)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError)
      expect((error as Error).message).toMatch(new RegExp(`^Invalid environment variable ${name}: `))
      expect((error as Error).message).not.toContain('\n')
    }
  })
})
