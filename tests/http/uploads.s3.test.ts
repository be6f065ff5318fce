import fs from 'node:fs'
import path from 'node:path'

import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { S3_KEY, startS3, type TestS3 } from '../helpers/s3'

import { LIMIT, photo, put, sharedUploadTests, smallImage, uploadImage, uploadURL, useUploadServer } from './uploads.suite'

let s3: TestS3
beforeAll(async () => {
  s3 = await startS3()
})
// Registered before the server's own hooks, so it runs after the server has stopped.
afterAll(() => s3?.stop())

const ctx = useUploadServer(() => s3.env)

const bucket = () =>
  new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_KEY })

async function exists(key: string): Promise<boolean> {
  try {
    await bucket().send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))
    return true
  } catch {
    return false
  }
}

describe('uploads on S3', () => {
  sharedUploadTests(ctx)

  it('hands out a presigned PUT to the bucket', async () => {
    const url = new URL(await uploadURL(ctx.owner))
    expect(url.origin).toBe(s3.endpoint)
    expect(url.pathname).toMatch(new RegExp(`^/${s3.bucket}/uploads/[0-9a-f-]{36}$`))
    expect(url.searchParams.get('X-Amz-Signature')).toBeTruthy()
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900)
  })

  it('the bucket refuses a tampered presigned URL (403)', async () => {
    const url = new URL(await uploadURL(ctx.owner))
    const otherKey = new URL(url)
    otherKey.pathname = url.pathname.replace(/[0-9a-f]{4}$/, 'ffff')
    const otherSignature = new URL(url)
    const signature = url.searchParams.get('X-Amz-Signature')!
    otherSignature.searchParams.set('X-Amz-Signature', signature.replace(/^./, signature[0] === 'a' ? 'b' : 'a'))
    for (const bad of [otherKey, otherSignature]) {
      const res = await put(bad.toString(), await smallImage('png'), 'image/png')
      expect(res.status, bad.toString()).toBe(403)
    }
    expect(await exists(otherKey.pathname.replace(`/${s3.bucket}/`, ''))).toBe(false)
  })

  it('files images in the bucket under media/, not on local disk', async () => {
    const { body } = await uploadImage(ctx.owner, await photo(800, 600))
    const key = body.objectPath.replace('/objects/', '')
    expect(await exists(key)).toBe(true)
    expect(fs.existsSync(path.join(ctx.server.dataDir, 'uploads', key))).toBe(false)
    const media = await ctx.payload.find({ collection: 'media', where: { filename: { equals: key.replace('media/', '') } }, overrideAccess: true })
    expect(await exists(`media/${media.docs[0]!.sizes!.card!.filename}`)).toBe(true)
  })

  it('an object over 10 MB in the bucket answers 413 at the image route and is removed', async () => {
    const url = await uploadURL(ctx.owner)
    expect((await put(url, Buffer.alloc(LIMIT + 1, 1))).status).toBe(200) // the bucket itself has no limit
    const { status } = await ctx.owner.json('POST', '/api/admin/products/image', { imageURL: url })
    expect(status).toBe(413)
    expect(await exists(new URL(url).pathname.replace(`/${s3.bucket}/`, ''))).toBe(false)
  })

  it('has no local upload URL', async () => {
    const res = await fetch(`${ctx.server.url}/api/objects/put/${crypto.randomUUID()}/9999999999/abc`, { method: 'PUT', body: 'x' })
    expect(res.status).toBe(404)
  })
})
