/**
 * Reads up to `n` leading bytes of a stream and returns them together with a stream that still
 * yields every byte from the start, so a file's type can be checked before it is served.
 */
export async function peek(
  body: ReadableStream<Uint8Array>,
  n: number,
): Promise<{ head: Uint8Array; body: ReadableStream<Uint8Array> }> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let length = 0
  let done = false
  while (length < n) {
    const next = await reader.read()
    if (next.done) {
      done = true
      break
    }
    chunks.push(next.value)
    length += next.value.byteLength
  }
  const head = Buffer.concat(chunks).subarray(0, n)
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      if (done) controller.close()
    },
    async pull(controller) {
      const next = await reader.read()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    cancel(reason) {
      return reader.cancel(reason)
    },
  })
  return { head, body: rest }
}

/** The whole stream as one buffer, refusing (null) once it passes `maxBytes`. */
export async function readAll(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer | null> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let length = 0
  for (;;) {
    const next = await reader.read()
    if (next.done) return Buffer.concat(chunks)
    length += next.value.byteLength
    if (length > maxBytes) {
      await reader.cancel()
      return null
    }
    chunks.push(next.value)
  }
}
