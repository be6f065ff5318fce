/** What the site needs from a place that keeps files: local disk or an S3 bucket. */
export type ObjectInfo = { size: number; etag: string; lastModified?: Date }

export type UploadTarget = { uploadURL: string; fields?: Record<string, string> }

export type ObjectStore = {
  readonly kind: 'local' | 's3'
  /**
   * Where the browser sends the file's bytes, valid for a short time, for this key only and at
   * most 10 MB: a URL to PUT them to, or (with `fields`) a form to POST them to.
   */
  createUpload(key: string): Promise<UploadTarget>
  stat(key: string): Promise<ObjectInfo | null>
  /** The object's bytes as a stream, or null when there is no such object. */
  open(key: string): Promise<{ info: ObjectInfo; body: ReadableStream<Uint8Array> } | null>
  delete(key: string): Promise<void>
}

export const UPLOAD_URL_LIFETIME_SECONDS = 15 * 60
