import { apiJson } from '@/ui/api-client'

/** The masters the server makes tracks from. */
export const AUDIO_ACCEPT = '.wav,.aif,.aiff,.flac,audio/wav,audio/x-wav,audio/aiff,audio/x-aiff,audio/flac'

type Upload = { uploadURL: string; objectPath: string; fields?: Record<string, string> }

/** Sends the file to its upload URL with XMLHttpRequest, reporting the share sent so far (0 to 1). */
function send(upload: Upload, file: File, onProgress: (share: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    const type = file.type || 'application/octet-stream'
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
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`The upload was refused (${xhr.status})`))
    xhr.onerror = () => reject(new Error('The upload was interrupted (network error)'))
    xhr.send(body)
  })
}

/** A track's title from its file's name: "02 Night Drive.wav" reads "02 Night Drive". */
export const titleOfFile = (name: string) => name.replace(/\.[^.]+$/, '').trim() || 'Untitled'

/**
 * Uploads one master straight to storage and makes it the release's last track: asks for an audio
 * upload, sends the file there, then adds the track (which is then processing).
 */
export async function uploadTrack(releaseId: string, file: File, onProgress: (share: number) => void): Promise<void> {
  const upload = await apiJson<Upload>('POST', '/api/objects/upload', { kind: 'audio' })
  await send(upload, file, onProgress)
  // A bucket's form URL names no file: the upload is then known by its /objects/ path.
  const audioURL = upload.fields ? upload.objectPath : upload.uploadURL
  await apiJson('POST', `/api/admin/releases/${releaseId}/tracks`, { title: titleOfFile(file.name), audioURL })
}
