/** Where a file goes: a URL to PUT it to, or a bucket's presigned POST with its form fields. */
export type UploadDestination = { uploadURL: string; fields?: Record<string, string> }

/** What the user reads when storage refuses the file, from the answer's status and text. */
export type RefusalMessage = (status: number, responseText: string, statusText: string) => string

/**
 * Sends the file to its upload URL with XMLHttpRequest, reporting the share sent so far (0 to 1);
 * a refusal rejects with the caller's message, a network failure with "The upload was interrupted".
 */
export function sendUpload(
  upload: UploadDestination,
  file: File,
  onProgress: (share: number) => void,
  refusal: RefusalMessage,
): Promise<void> {
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
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new Error(refusal(xhr.status, xhr.responseText, xhr.statusText)))
    xhr.onerror = () => reject(new Error('The upload was interrupted (network error)'))
    xhr.send(body)
  })
}
