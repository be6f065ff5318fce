'use client'

import { ImageUp, Loader2, X } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'

import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast.client'
import { apiJson, isUnauthorizedError } from '@/lib/api-client'

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

/** A presigned POST to a bucket: its fields, the type, then the file (which must come last). */
function postForm(url: string, fields: Record<string, string>, file: File, type: string): Promise<Response> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('Content-Type', type)
  form.append('file', file)
  return fetch(url, { method: 'POST', body: form })
}

/**
 * Uploads one image in three steps: ask for an upload URL, send the file there with its type,
 * then (products, band profile) have the server check and file it, which answers its /objects/
 * path. The theme background keeps the upload URL (the server turns it into its /objects/ path).
 */
export async function uploadImage(file: File, target: UploadTarget): Promise<string> {
  let upload: { uploadURL: string; objectPath: string; fields?: Record<string, string> }
  try {
    upload = await apiJson<typeof upload>('POST', '/api/objects/upload')
  } catch (error) {
    if (!isUnauthorizedError(error))
      toast({ title: 'Error', description: 'Failed to get upload URL', variant: 'destructive' })
    throw new UploadStepError(String(error))
  }
  const type = file.type || 'application/octet-stream'
  const sent = await (upload.fields
    ? postForm(upload.uploadURL, upload.fields, file, type)
    : fetch(upload.uploadURL, { method: 'PUT', body: file, headers: { 'Content-Type': type } }))
  if (!sent.ok) throw new Error(`${sent.status}: ${await sent.text().catch(() => sent.statusText)}`)
  // A bucket's form URL names no file: the upload is then known by its /objects/ path.
  const uploaded = upload.fields ? upload.objectPath : upload.uploadURL
  if (target === 'theme') return uploaded
  try {
    const { objectPath } = await apiJson<{ objectPath: string }>('POST', PROCESS_URL[target], { imageURL: uploaded })
    return objectPath
  } catch (error) {
    if (!isUnauthorizedError(error))
      toast({ title: 'Error', description: 'Failed to process uploaded image', variant: 'destructive' })
    throw new UploadStepError(String(error))
  }
}

type Status = 'idle' | 'selected' | 'uploading' | 'complete'

/**
 * The image upload control: pick one file, see its preview with name and size in KB, then
 * upload it now, change it, or clear it.
 */
export function ImageUpload({
  target,
  label,
  onUploaded,
  successMessage = 'Image uploaded successfully',
  accept = 'image/*',
}: {
  target: UploadTarget
  label: string
  onUploaded: (path: string) => void
  successMessage?: string
  accept?: string
}) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [status, setStatus] = useState<Status>('idle')
  // The chosen file's preview URL, released when another file is chosen or the control goes away.
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file])
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview)
    },
    [preview],
  )

  function pick(files: FileList | null) {
    const chosen = files?.[0]
    if (!chosen) return
    if (chosen.size > MAX_UPLOAD_BYTES) {
      window.alert(`File size must be less than ${MAX_UPLOAD_MB} MB`)
      if (inputRef.current) inputRef.current.value = ''
      return
    }
    setFile(chosen)
    setStatus('selected')
  }

  function clear() {
    setFile(null)
    setStatus('idle')
    if (inputRef.current) inputRef.current.value = ''
  }

  async function upload() {
    if (!file) return
    setStatus('uploading')
    try {
      const path = await uploadImage(file, target)
      setStatus('complete')
      onUploaded(path)
      toast({ title: successMessage })
    } catch (error) {
      setStatus('selected')
      if (!(error instanceof UploadStepError)) {
        console.error('Upload failed:', error)
        window.alert('Upload failed. Please try again.')
      }
    }
  }

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
        <div className="flex items-center gap-3 rounded-md border border-border p-3">
          {preview && <img src={preview} alt="Selected file preview" className="size-16 rounded object-cover" />}
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium">{file.name}</p>
            <p className="text-muted-foreground">{(file.size / 1024).toFixed(1)} KB</p>
            {status === 'complete' && <p className="text-green-300">Upload complete</p>}
          </div>
          <div className="flex flex-col gap-1 sm:flex-row">
            {status !== 'complete' && (
              <Button size="sm" onClick={upload} disabled={status === 'uploading'}>
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

/** The current image of a form with its Remove button. */
export function CurrentImage({
  src,
  alt,
  onRemove,
  disabled,
}: {
  src: string
  alt: string
  onRemove: () => void
  disabled?: boolean
}) {
  return (
    <div className="flex items-center gap-3">
      <img src={src} alt={alt} className="size-20 rounded-md border border-border object-cover" />
      <Button variant="outline" size="sm" onClick={onRemove} disabled={disabled}>
        Remove
      </Button>
    </div>
  )
}

/**
 * An image setting in a form: its label, the current image with Remove, and the upload control
 * (left out when `canUpload` is false, e.g. for a viewer).
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
}) {
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">{label}</p>
      {value && (
        <CurrentImage src={value} alt={`Current ${noun} image`} disabled={disabled} onRemove={() => onChange(null)} />
      )}
      {canUpload && <ImageUpload target={target} label={`Choose ${noun} image`} onUploaded={onChange} {...upload} />}
    </div>
  )
}
