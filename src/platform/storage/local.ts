import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import { siteUrl } from '@/platform/runtime/env'
import { tooLarge } from '@/platform/errors'
import { uploadDir } from '@/platform/runtime/paths'
import { payloadSecret } from '@/platform/runtime/secret'

import { isStoredKey, MAX_UPLOAD_BYTES, TOO_LARGE } from './keys'
import { UPLOAD_URL_LIFETIME_SECONDS, type ObjectInfo, type ObjectStore } from './types'
import { signUploadToken } from './uploadToken'

/**
 * The file on disk for `key`, always inside the upload directory: keys are checked against the
 * server's own key grammar, and the resolved path (after symlinks) must stay under the root.
 */
async function fileOf(key: string): Promise<string | null> {
  const file = newFileOf(key)
  if (!file) return null
  const root = uploadDir()
  if (!file.startsWith(root + path.sep)) return null
  try {
    const [realRoot, realFile] = await Promise.all([fsp.realpath(root), fsp.realpath(file)])
    return realFile.startsWith(realRoot + path.sep) ? realFile : null
  } catch {
    return null // missing
  }
}

/** Where the file for `key` goes (it may not exist yet), or null for a key the server never makes. */
function newFileOf(key: string): string | null {
  if (!isStoredKey(key)) return null
  const root = uploadDir()
  const file = path.resolve(root, ...key.split('/'))
  return file.startsWith(root + path.sep) ? file : null
}

const etagOf = (stat: fs.Stats) => `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`

async function statFile(file: string): Promise<ObjectInfo | null> {
  const stat = await fsp.stat(file).catch(() => null)
  if (!stat?.isFile()) return null
  return { size: stat.size, etag: etagOf(stat), lastModified: stat.mtime }
}

export const localStore: ObjectStore = {
  kind: 'local',

  async createUpload(key) {
    const [kind, id] = key.split('/') as [string, string]
    if (kind !== 'uploads' && kind !== 'masters') throw new Error(`Not an upload key: ${key}`)
    const expires = Math.floor(Date.now() / 1000) + UPLOAD_URL_LIFETIME_SECONDS
    const audio = kind === 'masters'
    const token = signUploadToken(payloadSecret(), { id, expires, audio })
    return { uploadURL: `${siteUrl()}/api/objects/put/${audio ? 'audio/' : ''}${token}` }
  },

  async stat(key) {
    const file = await fileOf(key)
    return file ? statFile(file) : null
  },

  async open(key, range) {
    const file = await fileOf(key)
    if (!file) return null
    const handle = await fsp.open(file, 'r').catch(() => null)
    if (!handle) return null
    const stat = await handle.stat()
    if (!stat.isFile()) {
      await handle.close()
      return null
    }
    const stream = handle.createReadStream({ autoClose: true, ...range })
    return {
      info: { size: stat.size, etag: etagOf(stat), lastModified: stat.mtime },
      body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
    }
  },

  async putFile(key, source) {
    const file = newFileOf(key)
    if (!file) throw new Error(`Not a stored key: ${key}`)
    await fsp.mkdir(path.dirname(file), { recursive: true })
    const partial = `${file}.${process.pid}.part`
    try {
      await fsp.copyFile(source, partial)
      await fsp.rename(partial, file)
    } finally {
      await fsp.rm(partial, { force: true })
    }
  },

  localPath: fileOf,

  async delete(key) {
    const file = await fileOf(key)
    if (file) await fsp.rm(file, { force: true })
  },
}

/**
 * Writes a local upload's body to `<folder>/<id>` (`uploads` for images, `masters` for audio),
 * streamed to disk and counting bytes as they arrive: past `maxBytes` it stops reading and answers
 * 413 with `message`, leaving no file behind. The body goes to a temporary name first, so a
 * half-written file is never visible under its key.
 */
export async function receiveLocalUpload(
  id: string,
  body: ReadableStream<Uint8Array> | null,
  { folder = 'uploads', maxBytes = MAX_UPLOAD_BYTES, message = TOO_LARGE } = {},
): Promise<number> {
  const dir = path.join(uploadDir(), folder)
  await fsp.mkdir(dir, { recursive: true })
  const final = path.join(dir, id)
  const partial = path.join(dir, `.${id}.part`)
  let size = 0
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length
      if (size > maxBytes) callback(tooLarge(message))
      else callback(null, chunk)
    },
  })
  try {
    const source = body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream) : Readable.from([])
    await pipeline(source, limit, fs.createWriteStream(partial, { flags: 'wx', mode: 0o640 }))
    await fsp.rename(partial, final)
    return size
  } catch (error) {
    await fsp.rm(partial, { force: true })
    throw error
  }
}
