import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// @ts-expect-error The package ships no type declarations.
import S3rver from '@20minutes/s3rver'

import { freePort } from '../../scripts/lib/freePort'

/** s3rver's built-in account; it checks every request's signature against this key pair. */
export const S3_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export type TestS3 = {
  endpoint: string
  bucket: string
  /** The environment that points the site at this server. */
  env: Record<string, string>
  stop: () => Promise<void>
}

/** Starts a real S3-compatible server (signature checks on) with an empty bucket. */
export async function startS3(bucket = 'band-uploads'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-s3-'))
  const port = await freePort()
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  })
  await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_KEY.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
