import { toast } from '@/ui/use-toast.client'
import { apiJson, isUnauthorizedError } from '@/ui/api-client'
import { ApiError } from '@/ui/apiError'
import { sendUpload } from '@/ui/admin/sendUpload'

/** Uploads take at most 10 MB (10485760 bytes), one file, images by default. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

/** Where the uploaded file is checked and filed: products and the band profile get an objectPath. */
export type UploadTarget = 'product' | 'band-profile' | 'theme'

const PROCESS_URL: Record<Exclude<UploadTarget, 'theme'>, string> = {
  product: '/api/admin/products/image',
  'band-profile': '/api/admin/band-profile/image',
}

/** An upload step that failed after the user was told why. */
export class UploadStepError extends Error {}

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
  await sendUpload(upload, file, onProgress, (status, text, statusText) => `${status}: ${text || statusText}`)
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
