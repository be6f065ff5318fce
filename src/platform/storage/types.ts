/** What the site needs from a place that keeps files: local disk or an S3 bucket. */
export type ObjectInfo = { size: number; etag: string; lastModified?: Date }

/** A byte range of an object, both ends included. */
export type ByteRange = { start: number; end: number }

export type UploadTarget = { uploadURL: string; fields?: Record<string, string> }

export type ObjectStore = {
  readonly kind: 'local' | 's3'
  /**
   * Where the browser sends the file's bytes, valid for a short time, for this key only and at
   * most `maxBytes` (10 MB unless told): a URL to PUT them to, or (with `fields`) a form to POST them to.
   */
  createUpload(key: string, maxBytes?: number): Promise<UploadTarget>
  stat(key: string): Promise<ObjectInfo | null>
  /**
   * The object's bytes as a stream (only `range` of them when given; `info.size` is still the
   * whole object's), or null when there is no such object.
   */
  open(key: string, range?: ByteRange): Promise<{ info: ObjectInfo; body: ReadableStream<Uint8Array> } | null>
  /** Stores the file at `file` (a path on this machine) under `key`, replacing what was there. */
  putFile(key: string, file: string, contentType: string): Promise<void>
  /** The path on this machine of the object's file, when the store keeps files on local disk. */
  localPath?(key: string): Promise<string | null>
  delete(key: string): Promise<void>
}

export const UPLOAD_URL_LIFETIME_SECONDS = 15 * 60
