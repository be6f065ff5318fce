'use client'

import { ImageUp, Loader2, X } from 'lucide-react'
import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react'

import { Button } from '@/ui/button'
import { toast } from '@/ui/use-toast.client'
import { normalizeImagePath } from '@/lib/objectPath'

import { MAX_UPLOAD_BYTES, uploadImage, UploadStepError, type UploadTarget } from './uploadImage'
import type { ChosenImage } from './useChosenImages'

const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024)

type Status = 'idle' | 'selected' | 'uploading' | 'complete'

type ImageUploadProps = {
  target: UploadTarget
  label: string
  onUploaded: (path: string) => void
  successMessage?: string
  accept?: string
  chosen?: Ref<ChosenImage>
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
}: ImageUploadProps) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [status, setStatus] = useState<Status>('idle')
  const [progress, setProgress] = useState(0)

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
        <ChosenFile
          file={file}
          status={status}
          progress={progress}
          onUpload={() => send().catch(() => {})}
          onChange={() => inputRef.current?.click()}
          onClear={clear}
        />
      )}
    </div>
  )
}

/** The chosen file: its preview, name and size, the upload's state, and Upload, Change and Clear. */
function ChosenFile({
  file,
  status,
  progress,
  onUpload,
  onChange,
  onClear,
}: {
  file: File
  status: Status
  progress: number
  onUpload: () => void
  onChange: () => void
  onClear: () => void
}) {
  // The file's preview URL, released when another file is chosen or the file is cleared.
  const preview = useMemo(() => URL.createObjectURL(file), [file])
  useEffect(() => () => URL.revokeObjectURL(preview), [preview])

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-border p-3">
      <img src={preview} alt="Selected file preview" className="size-16 rounded object-cover" />
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
          <Button size="sm" onClick={onUpload} disabled={status === 'uploading'}>
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
        <Button size="sm" variant="outline" onClick={onChange} disabled={status === 'uploading'}>
          Change
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onClear}
          disabled={status === 'uploading'}
          aria-label="Clear selected file"
        >
          <X aria-hidden="true" />
        </Button>
      </div>
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
