import crypto from 'node:crypto'
import http from 'node:http'

import sharp from 'sharp'
import { expect } from 'vitest'

import type { Client } from './http'

/** Images and uploads the way the dashboard sends them, for the upload tests and the team API tests. */

/** A photo-like JPEG (noise compresses badly, so it is large like a camera picture). */
export async function photo(width = 1600, height = 1200): Promise<Buffer> {
  const pixels = crypto.randomBytes(width * height * 3)
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

export async function smallImage(format: 'png' | 'webp' | 'gif' | 'avif'): Promise<Buffer> {
  const base = sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 200, g: 40, b: 90 } } })
  return base.toFormat(format).toBuffer()
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
)
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')
export const TEXT = Buffer.from('just some text pretending to be a picture\n')

/** Presigned POST forms handed out for a bucket, by the /objects/ path of the upload. */
export const postForms = new Map<string, { uploadURL: string; fields: Record<string, string> }>()

/**
 * Asks for an upload. Answers what the dashboard sends to the image routes: the upload URL for
 * local disk (the file is PUT there), the upload's /objects/ path for a bucket (the file is POSTed
 * as a form with the presigned fields).
 */
export async function uploadURL(client: Client): Promise<string> {
  const { status, body } = await client.json('POST', '/api/objects/upload')
  expect(status, JSON.stringify(body)).toBe(200)
  expect(typeof body.uploadURL).toBe('string')
  if (body.fields) {
    postForms.set(body.objectPath, { uploadURL: body.uploadURL, fields: body.fields })
    return body.objectPath
  }
  return body.uploadURL
}

/** Sends the bytes as the dashboard does: a form POST to a bucket, else a PUT to the upload URL. */
export function put(url: string, data: Buffer, type = 'image/jpeg') {
  const form = postForms.get(url)
  if (!form) return fetch(url, { method: 'PUT', body: new Uint8Array(data), headers: { 'Content-Type': type } })
  const body = new FormData()
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value)
  body.append('Content-Type', type)
  body.append('file', new Blob([new Uint8Array(data)], { type }), 'upload')
  return fetch(form.uploadURL, { method: 'POST', body })
}

/** Uploads `data` as the dashboard does and answers the image route's status and body. */
export async function uploadImage(
  client: Client,
  data: Buffer,
  route = '/api/admin/products/image',
  type = 'image/jpeg',
) {
  const url = await uploadURL(client)
  const res = await put(url, data, type)
  expect(res.status, await res.clone().text()).toBe(200)
  return { url, ...(await client.json('POST', route, { imageURL: url })) }
}

/**
 * A GET with the path exactly as written (fetch would resolve `..` before sending), following
 * the site's own redirects (Next.js merges `//` into `/` with a 308).
 */
export async function rawGet(base: string, rawPath: string, hops = 3): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base)
  const res = await new Promise<{ status: number; body: string; location?: string }>((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method: 'GET', agent: false }, (res) => {
      let body = ''
      res.setEncoding('latin1')
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode!, body, location: res.headers.location }))
    })
    req.on('error', reject)
    req.end()
  })
  if (res.status >= 300 && res.status < 400 && res.location && hops > 0) {
    const next = new URL(res.location, base)
    expect(next.origin).toBe(new URL(base).origin)
    return rawGet(base, next.pathname + next.search, hops - 1)
  }
  return res
}

/**
 * PUTs `size` bytes on a connection of its own, with or without Content-Length, and answers the
 * status the server sent, as soon as its headers arrive (null when the connection closed first).
 * Like a browser, it stops sending once the server has answered.
 */
export function rawPut(
  url: string,
  size: number,
  { declareLength }: { declareLength: boolean },
): Promise<number | null> {
  const target = new URL(url)
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { 'Content-Type': 'image/jpeg' }
    if (declareLength) headers['Content-Length'] = size
    let answered = false
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: 'PUT',
        headers,
        agent: false,
      },
      (res) => {
        answered = true
        resolve(res.statusCode ?? null)
        res.resume()
        res.on('end', () => req.destroy())
      },
    )
    req.on('error', () => resolve(null))
    const chunk = Buffer.alloc(64 * 1024, 7)
    let sent = 0
    const write = () => {
      while (sent < size && !answered) {
        const n = Math.min(chunk.length, size - sent)
        sent += n
        // Give the server a moment to answer between chunks.
        if (!req.write(chunk.subarray(0, n))) return void req.once('drain', () => setImmediate(write))
      }
      if (!answered) req.end()
    }
    if (declareLength) {
      // Like a client that waits before sending a large body: the declared length alone must be
      // enough for the server to refuse, so give it the chance to answer before any byte is sent.
      req.flushHeaders()
      setTimeout(() => !answered && write(), 3000)
    } else {
      write()
    }
  })
}

/** Uploads a plain PNG the way the dashboard does on local disk; answers its upload URL. */
export async function uploadPng(client: Client, width: number, height: number, background: string): Promise<string> {
  const { body } = await client.json('POST', '/api/objects/upload')
  const png = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
  const put = await fetch(body.uploadURL, {
    method: 'PUT',
    body: new Uint8Array(png),
    headers: { 'Content-Type': 'image/png' },
  })
  expect(put.ok).toBe(true)
  return body.uploadURL as string
}
