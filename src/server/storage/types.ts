/** What the site needs from a place that keeps files: local disk or an S3 bucket. */
export type ObjectInfo = { size: number; etag: string; lastModified?: Date }

export type ObjectStore = {
  readonly kind: 'local' | 's3'
  /** A URL the browser can PUT the file's bytes to, valid for a short time, for this key only. */
  createUploadURL(key: string): Promise<string>
  stat(key: string): Promise<ObjectInfo | null>
  /** The object's bytes as a stream, or null when there is no such object. */
  open(key: string): Promise<{ info: ObjectInfo; body: ReadableStream<Uint8Array> } | null>
  delete(key: string): Promise<void>
}

export const UPLOAD_URL_LIFETIME_SECONDS = 15 * 60
