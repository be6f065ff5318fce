'use client'

import { ImageUp, Loader2, X } from 'lucide-react'
import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react'

import { Button } from '@/ui/button'
import { toast } from '@/ui/use-toast.client'
import { apiJson, isUnauthorizedError } from '@/ui/api-client'
import { ApiError } from '@/ui/apiError'
import { normalizeImagePath } from '@/lib/objectPath'

/** Uploads take at most 10 MB (10485760 bytes), one file, images by default. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024)

/** Where the uploaded file is checked and filed: products and the band profile get an objectPath. */
export type UploadTarget = 'product' | 'band-profile' | 'theme'

const PROCESS_URL: Record<Exclude<UploadTarget, 'theme'>, string> = {
  product: '/api/admin/products/image',
  'band-profile': '/api/admin/band-profile/image',
}

class UploadStepError extends Error {}

/** Sends the file to its upload URL, reporting the share sent so far (0 to 1). */
function sendFile(
  upload: { uploadURL: string; fields?: Record<string, string> },
  file: File,
  type: string,
  onProgress: (share: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    let body: XMLHttpRequestBodyInit = file
    if (upload.fields) {
      // A presigned POST to a bucket: its fields, the type, then the file (which must come last).
      const form = new FormData()
      for (const [name, value] of Object.entries(upload.fields)) form.append(name, value)
      form.append('Content-Type', type)
      form.append('file', file)
      body = form
      xhr.open('POST', upload.uploadURL)
    } else {
      xhr.open('PUT', upload.uploadURL)
      xhr.setRequestHeader('Content-Type', type)
    }
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total)
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`))
    xhr.onerror = () => reject(new Error('The upload was interrupted (network error)'))
    xhr.send(body)
  })
}

/** "Failed to process uploaded image. Only PNG, JPEG … are accepted." when the server says why. */
function withReason(title: string, error: unknown): string {
  const reason = error instanceof ApiError ? error.serverMessage : null
  return reason ? `${title}. ${reason}` : title
}

/**
 * Uploads one image in three steps: ask for an upload URL, send the file there with its type,
 * then (products, band profile) have the server check and file it, which answers its /objects/
 * path. The theme background keeps the upload URL (the server turns it into its /objects/ path).
 */
export async function uploadImage(
  file: File,
  target: UploadTarget,
  onProgress: (share: number) => void = () => {},
): Promise<string> {
  let upload: { uploadURL: string; objectPath: string; fields?: Record<string, string> }
  try {
    upload = await apiJson<typeof upload>('POST', '/api/objects/upload')
  } catch (error) {
    if (!isUnauthorizedError(error))
      toast({ title: 'Error', description: withReason('Failed to get upload URL', error), variant: 'destructive' })
    throw new UploadStepError(String(error))
  }
  await sendFile(upload, file, file.type || 'application/octet-stream', onProgress)
  // A bucket's form URL names no file: the upload is then known by its /objects/ path.
  const uploaded = upload.fields ? upload.objectPath : upload.uploadURL
  if (target === 'theme') return uploaded
  try {
    const { objectPath } = await apiJson<{ objectPath: string }>('POST', PROCESS_URL[target], { imageURL: uploaded })
    return objectPath
  } catch (error) {
    if (!isUnauthorizedError(error))
      toast({
        title: 'Error',
        description: withReason('Failed to process uploaded image', error),
        variant: 'destructive',
      })
    throw new UploadStepError(String(error))
  }
}

type Status = 'idle' | 'selected' | 'uploading' | 'complete'

/** What a form asks of its upload control when it saves: the chosen file, uploaded now. */
export type ChosenImage = {
  /** Uploads a chosen file not uploaded yet: its path, undefined when none is waiting; throws when it fails. */
  uploadIfChosen: () => Promise<string | undefined>
}

/**
 * A form's image fields, uploaded as part of its Save: pass `ref` to each `ImageField`, and await
 * `uploadChosen()` before saving. It answers the new paths by field (none when nothing was
 * waiting), or null when an upload failed: the control has then said why, and nothing is saved.
 */
export function useChosenImages<K extends string>(...fields: K[]) {
  const refs = useRef({} as Record<K, ChosenImage | null>)
  const [uploading, setUploading] = useState(false)
  const ref = (field: K) => (handle: ChosenImage | null) => {
    refs.current[field] = handle
  }
  async function uploadChosen(): Promise<Partial<Record<K, string>> | null> {
    setUploading(true)
    try {
      const paths: Partial<Record<K, string>> = {}
      for (const field of fields) {
        const path = await refs.current[field]?.uploadIfChosen()
        if (path !== undefined) paths[field] = path
      }
      return paths
    } catch {
      return null
    } finally {
      setUploading(false)
    }
  }
  return { ref, uploading, uploadChosen }
}

/**
 * The image upload control: pick one file, see its preview with name and size in KB, then
 * upload it now, change it, or clear it. A file chosen but not uploaded is uploaded when the
 * form saves (through `chosen`).
 */
export function ImageUpload({
  target,
  label,
  onUploaded,
  successMessage = 'Image uploaded successfully',
  accept = 'image/*',
  chosen,
}: {
  target: UploadTarget
  label: string
  onUploaded: (path: string) => void
  successMessage?: string
  accept?: string
  chosen?: Ref<ChosenImage>
}) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [status, setStatus] = useState<Status>('idle')
  const [progress, setProgress] = useState(0)
  // The chosen file's preview URL, released when another file is chosen or the control goes away.
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file])
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview)
    },
    [preview],
  )

  function pick(files: FileList | null) {
    const picked = files?.[0]
    if (!picked) return
    if (picked.size > MAX_UPLOAD_BYTES) {
      window.alert(`File size must be less than ${MAX_UPLOAD_MB} MB`)
      if (inputRef.current) inputRef.current.value = ''
      return
    }
    setFile(picked)
    setStatus('selected')
  }

  function clear() {
    setFile(null)
    setStatus('idle')
    if (inputRef.current) inputRef.current.value = ''
  }

  /** Uploads the chosen file; the path, or an error once the user has been told why. */
  async function send(): Promise<string> {
    if (!file) throw new Error('No file chosen')
    setStatus('uploading')
    setProgress(0)
    try {
      const path = await uploadImage(file, target, setProgress)
      setStatus('complete')
      onUploaded(path)
      toast({ title: successMessage })
      return path
    } catch (error) {
      setStatus('selected')
      if (!(error instanceof UploadStepError)) {
        console.error('Upload failed:', error)
        window.alert('Upload failed. Please try again.')
      }
      throw error
    }
  }

  useImperativeHandle(chosen, () => ({
    uploadIfChosen: async () => (file && status === 'selected' ? send() : undefined),
  }))

  return (
    <div className="grid gap-2">
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        aria-label={label}
        onChange={(e) => pick(e.target.files)}
      />
      {!file ? (
        <Button variant="outline" onClick={() => inputRef.current?.click()}>
          <ImageUp aria-hidden="true" />
          {label}
        </Button>
      ) : (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-border p-3">
          {preview && <img src={preview} alt="Selected file preview" className="size-16 rounded object-cover" />}
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium wrap-anywhere">{file.name}</p>
            <p className="text-muted-foreground">{(file.size / 1024).toFixed(1)} KB</p>
            {status === 'selected' && (
              <p className="text-muted-foreground">Press Upload to upload it now, or it is uploaded when you save.</p>
            )}
            {status === 'uploading' && (
              <progress
                className="mt-1 h-2 w-full accent-primary"
                max={1}
                value={progress}
                aria-label={`Uploading ${file.name}`}
              />
            )}
            {status === 'complete' && <p className="text-green-300">Upload complete</p>}
          </div>
          <div className="flex flex-col gap-1 sm:flex-row">
            {status !== 'complete' && (
              <Button size="sm" onClick={() => send().catch(() => {})} disabled={status === 'uploading'}>
                {status === 'uploading' ? (
                  <>
                    <Loader2 className="animate-spin" aria-hidden="true" />
                    Uploading...
                  </>
                ) : (
                  'Upload'
                )}
              </Button>
            )}
            <Button
              size="sm"
              variant="outline"
              onClick={() => inputRef.current?.click()}
              disabled={status === 'uploading'}
            >
              Change
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={clear}
              disabled={status === 'uploading'}
              aria-label="Clear selected file"
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}

/** The current image of a form with its Remove button (none when `onRemove` is left out). */
export function CurrentImage({
  src,
  alt,
  onRemove,
  disabled,
}: {
  src: string
  alt: string
  onRemove?: () => void
  disabled?: boolean
}) {
  return (
    <div className="flex items-center gap-3">
      <img src={src} alt={alt} className="size-20 rounded-md border border-border object-cover" />
      {onRemove && (
        <Button variant="outline" size="sm" onClick={onRemove} disabled={disabled}>
          Remove
        </Button>
      )}
    </div>
  )
}

/**
 * An image setting in a form: its label, the current image with Remove, and the upload control
 * (both left out when `canUpload` is false, e.g. for a viewer). A file chosen but not uploaded is
 * uploaded by the form's Save through `chosen` (see `useChosenImages`).
 */
export function ImageField({
  label,
  value,
  onChange,
  target,
  noun,
  disabled,
  canUpload = true,
  ...upload
}: {
  label: string
  value: string | null
  onChange: (path: string | null) => void
  target: UploadTarget
  /** What the image is, as in "Current {noun} image" and "Choose {noun} image". */
  noun: string
  disabled?: boolean
  canUpload?: boolean
  accept?: string
  successMessage?: string
  chosen?: Ref<ChosenImage>
}) {
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">{label}</p>
      {value && (
        // An upload URL is shown by its /objects/ path: the URL itself is for one upload only.
        <CurrentImage
          src={normalizeImagePath(value)}
          alt={`Current ${noun} image`}
          disabled={disabled}
          onRemove={canUpload ? () => onChange(null) : undefined}
        />
      )}
      {canUpload && <ImageUpload target={target} label={`Choose ${noun} image`} onUploaded={onChange} {...upload} />}
    </div>
  )
}
