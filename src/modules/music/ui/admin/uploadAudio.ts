import { apiJson } from '@/ui/api-client'
import { sendUpload } from '@/ui/admin/sendUpload'

/** The masters the server makes tracks from. */
export const AUDIO_ACCEPT = '.wav,.aif,.aiff,.flac,audio/wav,audio/x-wav,audio/aiff,audio/x-aiff,audio/flac'

type Upload = { uploadURL: string; objectPath: string; fields?: Record<string, string> }

/** A track's title from its file's name: "02 Night Drive.wav" reads "02 Night Drive". */
export const titleOfFile = (name: string) => name.replace(/\.[^.]+$/, '').trim() || 'Untitled'

/**
 * Uploads one master straight to storage and makes it the release's last track: asks for an audio
 * upload, sends the file there, then adds the track (which is then processing).
 */
export async function uploadTrack(releaseId: string, file: File, onProgress: (share: number) => void): Promise<void> {
  const upload = await apiJson<Upload>('POST', '/api/objects/upload', { kind: 'audio' })
  await sendUpload(upload, file, onProgress, (status) => `The upload was refused (${status})`)
  // A bucket's form URL names no file: the upload is then known by its /objects/ path.
  const audioURL = upload.fields ? upload.objectPath : upload.uploadURL
  await apiJson('POST', `/api/admin/releases/${releaseId}/tracks`, { title: titleOfFile(file.name), audioURL })
}
