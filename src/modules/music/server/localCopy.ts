import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import { notFound } from '@/platform/errors'
import { objectStore } from '@/platform/storage'

export const MASTER_MISSING = 'The uploaded file was not found. Please upload it again.'

/** A fresh temporary folder, removed with everything in it once `fn` has ended. */
export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'track-'))
  try {
    return await fn(dir)
  } finally {
    await fsp.rm(dir, { recursive: true, force: true })
  }
}

/**
 * Runs `fn` with a path on this machine holding the stored object's bytes: the file itself on
 * local disk, else a temporary copy streamed from the bucket (removed afterwards). A missing
 * object is 404.
 */
export async function withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
  const store = objectStore()
  const local = store.localPath ? await store.localPath(key) : null
  if (local) return fn(local)
  if (store.localPath) throw notFound(MASTER_MISSING)
  return withTempDir(async (dir) => {
    const opened = await store.open(key)
    if (!opened) throw notFound(MASTER_MISSING)
    const file = path.join(dir, 'master')
    await pipeline(
      Readable.fromWeb(opened.body as import('node:stream/web').ReadableStream),
      fs.createWriteStream(file),
    )
    return fn(file)
  })
}
