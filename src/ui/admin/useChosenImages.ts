import { useRef, useState } from 'react'

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
