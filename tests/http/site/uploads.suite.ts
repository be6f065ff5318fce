/**
 * The upload and file-serving behaviour, run once on local disk (uploads.test.ts) and once on an
 * S3-compatible server (uploads.s3.test.ts). Not a test file itself; the helpers that upload
 * images as the dashboard does are in tests/helpers/uploads.ts.
 */
import crypto from 'node:crypto'

import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { normalizeImagePath } from '@/lib/objectPath'

import { Client } from '../../helpers/http'
import { payloadFor } from '../../helpers/payload'
import { startServer, type TestServer } from '../../helpers/server'
import { account, addMembers, OWNER_ENV, signIn } from '../../helpers/site'
import { HTML, photo, put, rawGet, smallImage, SVG, TEXT, uploadImage, uploadURL } from '../../helpers/uploads'

export const LIMIT = 10 * 1024 * 1024

export type UploadContext = {
  server: TestServer
  payload: Payload
  owner: Client
  manager: Client
  viewer: Client
  visitor: Client
}

/** Starts the site with `env`, creates a manager and a viewer, and signs everyone in. */
export function useUploadServer(env: () => Record<string, string>): UploadContext {
  const ctx = {} as UploadContext
  beforeAll(async () => {
    ctx.server = await startServer({ ...env(), ...OWNER_ENV, SEED_DEMO: 'false' })
    ctx.payload = await payloadFor(ctx.server.databaseUrl)
    await addMembers(ctx.payload, ['manager', 'viewer'])
    ctx.owner = new Client(ctx.server.url, { forwardedFor: '198.51.100.1' })
    ctx.manager = new Client(ctx.server.url, { forwardedFor: '198.51.100.2' })
    ctx.viewer = new Client(ctx.server.url, { forwardedFor: '198.51.100.3' })
    ctx.visitor = new Client(ctx.server.url, { forwardedFor: '198.51.100.4' })
    await signIn(ctx.owner)
    await signIn(ctx.manager, account('manager'))
    await signIn(ctx.viewer, account('viewer'))
  })
  afterAll(() => ctx.server?.discard())
  return ctx
}

/** The image routes' answers to who may upload, and what they store and serve for an image. */
function imageUploadTests(ctx: UploadContext) {
  it('refuse a visitor who is not signed in (401) and a viewer (403)', async () => {
    for (const route of ['/api/admin/products/image', '/api/admin/band-profile/image']) {
      expect((await ctx.visitor.json('POST', route, { imageURL: 'x' })).status).toBe(401)
      expect((await ctx.viewer.json('POST', route, { imageURL: 'x' })).status).toBe(403)
    }
  })

  it('upload URL → PUT → product image route → GET /objects serves the same bytes, cached for good', async () => {
    const original = await photo()
    const { status, body } = await uploadImage(ctx.owner, original)
    expect(status, JSON.stringify(body)).toBe(200)
    const sha = crypto.createHash('sha256').update(original).digest('hex')
    expect(body.objectPath).toBe(`/objects/media/${sha}.jpg`)

    const res = await ctx.visitor.get(body.objectPath)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const etag = res.headers.get('etag')
    expect(etag).toBeTruthy()
    expect(Buffer.from(await res.arrayBuffer()).equals(original)).toBe(true)

    const again = await ctx.visitor.get(body.objectPath, { 'If-None-Match': etag! })
    expect(again.status).toBe(304)
    expect((await again.arrayBuffer()).byteLength).toBe(0)
  })

  it('files the image in media with thumbnail and card sizes that /objects serves too', async () => {
    const original = await photo(1200, 900)
    const { body } = await uploadImage(ctx.manager, original, '/api/admin/band-profile/image')
    const filename = body.objectPath.replace('/objects/media/', '')
    const found = await ctx.payload.find({
      collection: 'media',
      where: { filename: { equals: filename } },
      overrideAccess: true,
    })
    expect(found.docs).toHaveLength(1)
    const media = found.docs[0]!
    expect(media.mimeType).toBe('image/jpeg')
    expect(media.width).toBe(1200)
    expect(media.sizes?.thumbnail?.filename).toBeTruthy()
    expect(media.sizes?.card?.width).toBe(640)
    for (const size of [media.sizes!.thumbnail!, media.sizes!.card!]) {
      const res = await ctx.visitor.get(`/objects/media/${size.filename}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/webp')
      expect((await res.arrayBuffer()).byteLength).toBeLessThan(original.length / 4)
    }
    // /cms lists it.
    const cms = await ctx.owner.json('GET', `/api/cms/media?where[filename][equals]=${filename}`)
    expect(cms.body.docs).toHaveLength(1)
  })

  it('accepts PNG, WebP, GIF and AVIF images, recognised by their bytes', async () => {
    for (const format of ['png', 'webp', 'gif', 'avif'] as const) {
      const data = await smallImage(format)
      const { status, body } = await uploadImage(
        ctx.owner,
        data,
        '/api/admin/band-profile/image',
        'application/octet-stream',
      )
      expect(status, `${format}: ${JSON.stringify(body)}`).toBe(200)
      expect(body.objectPath).toMatch(new RegExp(`^/objects/media/[0-9a-f]{64}\\.${format}$`))
      const res = await ctx.visitor.get(body.objectPath)
      expect(res.headers.get('content-type')).toBe(`image/${format}`)
    }
  })
}

/** The image routes' answers for a picture sent twice, for what is not an image, and for a URL that is not an upload. */
function imageCheckTests(ctx: UploadContext) {
  it('uploading the same picture twice answers the same path and files it once', async () => {
    const data = await smallImage('png')
    const a = await uploadImage(ctx.owner, data)
    const b = await uploadImage(ctx.manager, data)
    expect(b.body.objectPath).toBe(a.body.objectPath)
    const filename = a.body.objectPath.replace('/objects/media/', '')
    const found = await ctx.payload.count({
      collection: 'media',
      where: { filename: { equals: filename } },
      overrideAccess: true,
    })
    expect(found.totalDocs).toBe(1)
  })

  it('answers 415 for an SVG, an HTML page and a text file sent as a .png', async () => {
    for (const [data, type] of [
      [SVG, 'image/svg+xml'],
      [HTML, 'text/html'],
      [TEXT, 'image/png'],
    ] as const) {
      const { status, body } = await uploadImage(ctx.owner, data, '/api/admin/products/image', type)
      expect(status, JSON.stringify(body)).toBe(415)
      expect(body.message).toMatch(/JPEG, PNG, WebP, GIF or AVIF/)
    }
  })

  it('serves an unchecked upload that is not an image only as a download, never as a page', async () => {
    const { url } = await uploadImage(ctx.owner, HTML, '/api/admin/products/image', 'text/html')
    const res = await ctx.visitor.get(normalizeImagePath(url))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/octet-stream')
    expect(res.headers.get('content-disposition')).toBe('attachment')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toContain('sandbox')
  })

  it('answers 404 for an upload that never happened and 400 for a URL that is not an upload', async () => {
    const url = await uploadURL(ctx.owner) // handed out, never used
    expect((await ctx.owner.json('POST', '/api/admin/products/image', { imageURL: url })).status).toBe(404)
    const other = await ctx.owner.json('POST', '/api/admin/products/image', {
      imageURL: 'https://example.com/cat.jpg',
    })
    expect(other.status).toBe(400)
    expect(other.body.errors.imageURL).toBeTruthy()
    expect((await ctx.owner.json('POST', '/api/admin/products/image', {})).status).toBe(400)
  })

  it('adds the /objects/ prefix to a bare upload path', async () => {
    const url = await uploadURL(ctx.owner)
    expect((await put(url, await smallImage('webp'), 'image/webp')).status).toBe(200)
    const id = /uploads\/([0-9a-f-]{36})/.exec(url)?.[1] ?? /put\/([0-9a-f-]{36})/.exec(url)![1]
    const { status, body } = await ctx.owner.json('POST', '/api/admin/products/image', { imageURL: `uploads/${id}` })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.objectPath).toMatch(/^\/objects\/media\/[0-9a-f]{64}\.webp$/)
    // A path already filed is answered as it is.
    const again = await ctx.owner.json('POST', '/api/admin/products/image', {
      imageURL: body.objectPath.slice('/objects/'.length),
    })
    expect(again.body.objectPath).toBe(body.objectPath)
  })
}

/** What /objects serves (and refuses), and the resized copies next/image makes of it. */
function objectServingTests(ctx: UploadContext) {
  describe('GET /objects/...', () => {
    it('answers 404 for traversal, encoded traversal, absolute paths and missing objects', async () => {
      const paths = [
        '/objects/../package.json',
        '/objects/media/../../package.json',
        '/objects/%2e%2e/%2e%2e/package.json',
        '/objects/media/%2e%2e%2f%2e%2e%2fpackage.json',
        '/objects/..%2f..%2f..%2fetc%2fpasswd',
        '/objects/%2fetc%2fpasswd',
        '/objects//etc/passwd',
        '/objects/media/%00.jpg',
        '/objects/media/..%5c..%5cpackage.json',
        `/objects/media/${'0'.repeat(64)}.jpg`,
        `/objects/uploads/${crypto.randomUUID()}`,
        '/objects/payload-secret',
        '/objects/',
      ]
      for (const p of paths) {
        const res = await rawGet(ctx.server.url, p)
        expect(res.status, p).toBe(404)
        expect(res.body, p).not.toMatch(/root:|"dependencies"/)
      }
    })
  })

  describe('resized images through next/image', () => {
    it('/_next/image?url=/objects/...&w=640 answers AVIF or WebP smaller than the original', async () => {
      const original = await photo()
      const { body } = await uploadImage(ctx.owner, original)
      const res = await ctx.visitor.get(`/_next/image?url=${encodeURIComponent(body.objectPath)}&w=640&q=75`, {
        Accept: 'image/avif,image/webp,*/*',
      })
      expect(res.status).toBe(200)
      expect(['image/avif', 'image/webp']).toContain(res.headers.get('content-type'))
      const resized = Buffer.from(await res.arrayBuffer())
      expect(resized.length).toBeLessThan(original.length / 4)
      const meta = await sharp(resized).metadata()
      expect(meta.width).toBe(640)
    })
  })
}

/** Uploads through /cms go to the same storage; viewers may not upload there. */
function cmsUploadTests(ctx: UploadContext) {
  describe('/cms media uploads', () => {
    it('go to the same storage, named by content, and /objects serves them', async () => {
      const data = await smallImage('png')
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), '../../My Holiday Photo.png')
      form.append('_payload', JSON.stringify({ alt: 'Holiday' }))
      const res = await fetch(`${ctx.server.url}/api/cms/media`, {
        method: 'POST',
        body: form,
        headers: { Cookie: ctx.owner.cookie!, Origin: ctx.server.url },
      })
      const json = (await res.json()) as { doc: { filename: string } }
      expect(res.status, JSON.stringify(json)).toBe(201)
      const sha = crypto.createHash('sha256').update(data).digest('hex')
      expect(json.doc.filename).toMatch(new RegExp(`^${sha}(-\\d+)?\\.png$`))
      const served = await ctx.visitor.get(`/objects/media/${json.doc.filename}`)
      expect(served.status).toBe(200)
      expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true)
    })

    it('refuses a viewer', async () => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(await smallImage('png'))], { type: 'image/png' }), 'x.png')
      const res = await fetch(`${ctx.server.url}/api/cms/media`, {
        method: 'POST',
        body: form,
        headers: { Cookie: ctx.viewer.cookie!, Origin: ctx.server.url },
      })
      expect(res.status).toBe(403)
    })
  })
}

/** The behaviour both storage modes share. */
export function sharedUploadTests(ctx: UploadContext) {
  describe('POST /api/objects/upload', () => {
    it('refuses a visitor who is not signed in (401) and a viewer (403)', async () => {
      expect((await ctx.visitor.json('POST', '/api/objects/upload')).status).toBe(401)
      expect((await ctx.viewer.json('POST', '/api/objects/upload')).status).toBe(403)
    })

    it('gives owners and managers a fresh URL each time', async () => {
      const a = await uploadURL(ctx.owner)
      const b = await uploadURL(ctx.manager)
      expect(a).not.toBe(b)
    })
  })

  describe('the image routes', () => {
    imageUploadTests(ctx)
    imageCheckTests(ctx)
  })

  objectServingTests(ctx)
  cmsUploadTests(ctx)
}
