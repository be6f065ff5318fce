import { z } from 'zod'

import { FALLBACK_TIME_ZONE, isTimeZone } from '@/platform/time/showTime'

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))

const optionalUrl = (protocols: string[]) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true
      try {
        return protocols.includes(new URL(v).protocol)
      } catch {
        return false
      }
    },
    { message: `must be a URL (${protocols.join(' or ')})` },
  )

const booleanString = optionalString.refine((v) => v === undefined || ['true', 'false', '1', '0'].includes(v), {
  message: 'must be true or false',
})

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  PAYLOAD_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  SITE_URL: optionalUrl(['http:', 'https:']),
  SITE_TIME_ZONE: optionalString.refine((v) => v === undefined || isTimeZone(v), {
    message: 'must be an IANA time zone such as America/Los_Angeles',
  }),
  OWNER_EMAIL: optionalString.refine((v) => v === undefined || z.email().safeParse(v).success, {
    message: 'must be an email address',
  }),
  OWNER_PASSWORD: optionalString.refine((v) => v === undefined || v.length >= 8, {
    message: 'must be at least 8 characters',
  }),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: optionalString,
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_API_BASE: optionalUrl(['http:', 'https:']),
  PAYPAL_WEBHOOK_ID: optionalString,
  PAYMENT_PROVIDER: optionalString.pipe(z.enum(['paypal', 'test']).optional()),
  PAYPAL_TIMEOUT_MS: optionalString.refine(
    (v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 100 && Number(v) <= 120_000),
    {
      message: 'must be a number of milliseconds (100-120000)',
    },
  ),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanString,
  DATA_DIR: optionalString,
  SEED_DEMO: booleanString,
  TRUST_PROXY_HOPS: optionalString.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) <= 10), {
    message: 'must be the number of reverse proxies in front of the site (0-10)',
  }),
  NEWSLETTER_RATE: optionalString.refine((v) => v === undefined || v === 'off' || /^\d+(\.\d+)?$/.test(v), {
    message: 'must be messages per second (a number; 0 or off for no limit)',
  }),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  MEMORY_CEILING_MB: optionalString.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 128), {
    message: 'must be a number of megabytes (128 or more)',
  }),
  PORT: optionalString.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) > 0 && Number(v) < 65536), {
    message: 'must be a port number (1-65535)',
  }),
})

export type Env = z.infer<typeof envSchema>

/** Validates the environment; the message names the first bad variable in one line. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const issue = result.error.issues[0]!
    throw new EnvError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`)
  }
  const env = result.data
  if ((env.OWNER_EMAIL === undefined) !== (env.OWNER_PASSWORD === undefined)) {
    throw new EnvError(
      `Invalid environment variable ${env.OWNER_EMAIL ? 'OWNER_PASSWORD' : 'OWNER_EMAIL'}: OWNER_EMAIL and OWNER_PASSWORD are set together`,
    )
  }
  if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    throw new EnvError(
      `Invalid environment variable ${env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: required when S3_BUCKET is set`,
    )
  }
  if ((env.PAYPAL_CLIENT_ID === undefined) !== (env.PAYPAL_CLIENT_SECRET === undefined)) {
    throw new EnvError(
      `Invalid environment variable ${env.PAYPAL_CLIENT_ID ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID'}: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set together`,
    )
  }
  if (env.PAYMENT_PROVIDER === 'paypal' && !env.PAYPAL_CLIENT_ID) {
    throw new EnvError('Invalid environment variable PAYPAL_CLIENT_ID: required when PAYMENT_PROVIDER=paypal')
  }
  return env
}

export class EnvError extends Error {
  override name = 'EnvError'
}

let cached: Env | undefined
export function env(): Env {
  cached ??= parseEnv()
  return cached
}

export function siteUrl(): string {
  const e = env()
  return (e.SITE_URL ?? `http://localhost:${e.PORT ?? 3000}`).replace(/\/$/, '')
}

/**
 * The site's time zone for shows that name none: the band profile's when set, else SITE_TIME_ZONE,
 * else UTC.
 */
export function siteTimeZone(profileTimeZone?: string | null): string {
  if (isTimeZone(profileTimeZone)) return profileTimeZone
  return env().SITE_TIME_ZONE ?? FALLBACK_TIME_ZONE
}

export const isProduction = () => process.env.NODE_ENV === 'production'
