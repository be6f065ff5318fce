import fs from 'node:fs'
import path from 'node:path'

import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { probe, settledTrack, sineWav, uploadAudio } from '../../helpers/audio'
import { S3_KEY, startS3, type TestS3 } from '../../helpers/s3'
import { photo, postForms, put, smallImage, uploadImage, uploadURL } from '../../helpers/uploads'

import { LIMIT, sharedUploadTests, useUploadServer } from './uploads.suite'

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

  it('hands out a presigned POST to the bucket, bound to one key and limited to 10 MB', async () => {
    const objectPath = await uploadURL(ctx.owner)
    expect(objectPath).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/)
    const body = postForms.get(objectPath)!
    const url = new URL(body.uploadURL)
    expect(url.origin).toBe(s3.endpoint)
    expect(url.pathname).toBe(`/${s3.bucket}`)
    expect(body.fields.key).toBe(objectPath.replace('/objects/', ''))
    expect(body.fields['X-Amz-Signature']).toBeTruthy()
    const policy = JSON.parse(Buffer.from(body.fields.Policy, 'base64').toString('utf8'))
    expect(policy.conditions).toContainEqual(['content-length-range', 1, LIMIT])
    expect(policy.conditions).toContainEqual({ key: body.fields.key })
    expect(policy.conditions).toContainEqual({ bucket: s3.bucket })
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000)
    // The form works: the object lands under its key.
    const upload = await put(objectPath, await smallImage('png'), 'image/png')
    expect(upload.status).toBe(200)
    expect(await exists(body.fields.key)).toBe(true)
  })

  it('files images in the bucket under media/, not on local disk', async () => {
    const { body } = await uploadImage(ctx.owner, await photo(800, 600))
    const key = body.objectPath.replace('/objects/', '')
    expect(await exists(key)).toBe(true)
    expect(fs.existsSync(path.join(ctx.server.dataDir, 'uploads', key))).toBe(false)
    const media = await ctx.payload.find({
      collection: 'media',
      where: { filename: { equals: key.replace('media/', '') } },
      overrideAccess: true,
    })
    expect(await exists(`media/${media.docs[0]!.sizes!.card!.filename}`)).toBe(true)
  })

  it('an object over 10 MB in the bucket answers 413 at the image route and is removed', async () => {
    const url = await uploadURL(ctx.owner)
    // A real bucket refuses it by the policy's size range; the test bucket does not check policies.
    expect((await put(url, Buffer.alloc(LIMIT + 1, 1))).status).toBe(200)
    const { status } = await ctx.owner.json('POST', '/api/admin/products/image', { imageURL: url })
    expect(status).toBe(413)
    expect(await exists(url.replace('/objects/', ''))).toBe(false)
  })

  it('has no local upload URL', async () => {
    const res = await fetch(`${ctx.server.url}/api/objects/put/${crypto.randomUUID()}/9999999999/abc`, {
      method: 'PUT',
      body: 'x',
    })
    expect(res.status).toBe(404)
  })

  it('takes an audio master in the bucket, makes its renditions there and streams them with Range', async () => {
    const release = await ctx.owner.json('POST', '/api/admin/releases', {
      title: 'Bucket Songs',
      type: 'single',
      releaseDate: '2027-01-01',
      pricing: { mode: 'fixed', price: '1.00' },
    })
    expect(release.status, JSON.stringify(release.body)).toBe(201)
    const audioURL = await uploadAudio(ctx.owner, await sineWav(3))
    expect(audioURL).toMatch(/^\/objects\/masters\/[0-9a-f-]{36}$/)
    expect(postForms.get(audioURL)!.fields.key).toBe(audioURL.replace('/objects/', ''))
    const added = await ctx.owner.json('POST', `/api/admin/releases/${release.body.id}/tracks`, {
      title: 'Bucket',
      audioURL,
      streaming: 'full',
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    const track = await settledTrack(ctx.owner, release.body.id, added.body.id)
    expect(track).toMatchObject({ status: 'ready', durationSeconds: 3 })
    for (const name of ['stream.mp3', 'preview.mp3', 'mp3.mp3', 'flac.flac'])
      expect(await exists(`renditions/${track.id}/${name}`), name).toBe(true)

    const path = `/api/releases/${release.body.id}/tracks/${track.id}/stream`
    const whole = await ctx.owner.request('GET', path)
    expect(whole.status).toBe(200)
    const bytes = new Uint8Array(await whole.arrayBuffer())
    expect((await probe(bytes)).duration).toBeGreaterThan(2.5)
    const part = await ctx.owner.request('GET', path, undefined, { Range: 'bytes=10-19' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(bytes.subarray(10, 20)))).toBe(true)
    expect((await ctx.owner.request('GET', audioURL)).status).toBe(404)
  })
})
